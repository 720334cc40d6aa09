import Foundation
import OfflineBanner
import Replay
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import TestSupport

/// The quantile sketch behind every median and p90 of the fleet reports: within its stated
/// relative accuracy of the exact order statistics, the maximum exact, and merging in any order
/// the same sketch.
@Suite("the quantile sketch")
struct QuantileSketchTests {
    /// Every rank of `values` read from their sketch is within the accuracy of the exact value.
    static func everyRankWithinAccuracy(_ values: [Double]) -> Bool {
        let sketch = QuantileSketch(values)
        let sorted = values.sorted()
        for (offset, exact) in sorted.enumerated() where !withinAccuracy(sketch.value(atRank: offset + 1), of: exact) {
            Issue.record("rank \(offset + 1) of \(sorted.count): \(sketch.value(atRank: offset + 1)) for \(exact)")
            return false
        }
        return sketch.max == sorted.last && sketch.min == sorted.first && sketch.count == values.count
    }

    @Test("values spread over ten decades, zeros among them: every rank within 0.5% (under 0.0005 ms: 0), the extremes exact")
    func spread() {
        var random = SeededRandom(seed: 7)
        var values = (0..<5000).map { _ in pow(10, Double.random(in: -3...7, using: &random)) }
        values += [0, 0, 0.0001, 1, 1, 1]
        #expect(Self.everyRankWithinAccuracy(values))
        #expect(matchesWithinAccuracy(Distribution(values), values))
    }

    @Test("merged in any split and order, the sketch is the same")
    func mergeIsExact() {
        var random = SeededRandom(seed: 11)
        let values = (0..<2000).map { _ in Double(random.int(in: 0...2_000_000)) / 100 }
        let whole = QuantileSketch(values)
        let parts = stride(from: 0, to: values.count, by: 137).map { QuantileSketch(values[$0..<min($0 + 137, values.count)]) }
        #expect(QuantileSketch.combined(parts) == whole)
        #expect(QuantileSketch.combined(parts.reversed()) == whole)
        // A sketch holds a count per bucket in use, not per value.
        #expect(whole.bins.count < 2000)
    }

    @Test("one value, or equal values, read back exactly")
    func equalValues() {
        #expect(Distribution([816.036]) == Distribution([816.036, 816.036, 816.036]))
        #expect(Distribution([816.036])?.median == 816.036)
        #expect(Distribution([816.036])?.p90 == 816.036)
        #expect(Distribution([Double]()) == nil)
    }

    @Test("a sketch as a partial writes it reads back equal; one whose parts do not fit is refused")
    func parts() {
        let sketch = QuantileSketch([0, 12.5, 13, 800, 4000.25])
        #expect(QuantileSketch(zeros: sketch.zeros, bins: sketch.bins, min: sketch.min, max: sketch.max) == sketch)
        let bins = sketch.bins
        #expect(QuantileSketch(zeros: 1, bins: bins.reversed(), min: 0, max: 4000.25) == nil, "out of order")
        #expect(QuantileSketch(zeros: 1, bins: bins, min: 0, max: 9000) == nil, "max outside the last bucket")
        #expect(QuantileSketch(zeros: 1, bins: bins, min: -1, max: 4000.25) == nil, "a negative duration")
        #expect(QuantileSketch(zeros: 0, bins: bins, min: 0, max: 4000.25) == nil, "min in no bucket")
        #expect(QuantileSketch(zeros: 1, bins: bins + [.init(index: 2000, count: 0)], min: 0, max: 4000.25) == nil, "an empty bucket")
        #expect(QuantileSketch(zeros: 0, bins: [], min: 5, max: 5) == nil, "extremes of nothing")
        #expect(QuantileSketch(zeros: 0, bins: [], min: nil, max: nil) == QuantileSketch())
    }

    /// The exact durations of the pill episodes and the times to web of `paths`, as the
    /// analyzers keep them.
    static func exact(_ paths: [String]) throws -> (pills: [Double], toWeb: [Double]) {
        var pills: [Double] = [], toWeb: [Double] = []
        for path in paths {
            if try isNativeRecording(path: path) {
                var launch = LaunchAnalyzer(config: NativeConfig(), keeping: .counts)
                let reader = try NativeRecordingReader(path: path)
                while let record = try reader.next() { launch.feed(record) }
                launch.finish()
                toWeb += launch.summary.readyMs
            } else {
                pills += try BannerRecording.analyze(path: path, keepingEpisodes: true).summary.pills.episodes!.map(\.duration)
            }
        }
        return (pills, toWeb)
    }

    /// The exact age of every archive the log at `path` served, from its rows.
    static func servedAges(_ path: String) throws -> [Double] {
        var analyzer = ArchiveAnalyzer(keepingFindings: false)
        var ages: [Double] = []
        try Replay.analyze(NativeRecordingReader(path: path), with: &analyzer) { event in
            if case .row(let row) = event, case .decided(let decision) = row.step, case .served(_, _, let age) = decision.outcome {
                ages.append(age)
            }
        }
        return ages
    }

    @Test("over the bundled recordings, stats' figures are within the accuracy of the exact ones")
    func bundled() throws {
        let paths = try RecordingFiles.find(in: [packageRoot + "/recordings"])
        let exact = try Self.exact(paths)
        #expect(exact.pills.count > 50 && exact.toWeb.count > 10)
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(matchesWithinAccuracy(stats.pillDuration, exact.pills))
        #expect(matchesWithinAccuracy(stats.timeToWeb, exact.toWeb))
        #expect(Self.everyRankWithinAccuracy(exact.pills))
        #expect(Self.everyRankWithinAccuracy(exact.toWeb))
        let archive = ArchiveFleet.analyze(paths, reading: ArchiveReading(), jobs: 2)
        let ages = try archive.summaries.flatMap { try Self.servedAges($0.path) }
        #expect(ages.count > 3 && archive.summaries.map(\.summary.servedAges.count).reduce(0, +) == ages.count)
        #expect(matchesWithinAccuracy(archive.ageAtServe, ages))
    }

    @Test("over generated recordings, the same")
    func generated() throws {
        let directory = NSTemporaryDirectory() + "sketch-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String] = []
        for seed in UInt64(0)..<150 {
            var generator = RecordingGenerator(seed: seed)
            let path = directory + "/g\(seed).jsonl"
            try generator.recording(records: 300).joined(separator: "\n").appending("\n").write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let exact = try Self.exact(paths)
        #expect(exact.pills.count > 200)
        #expect(matchesWithinAccuracy(FleetStats.analyze(paths, jobs: 2).pillDuration, exact.pills))
        #expect(Self.everyRankWithinAccuracy(exact.pills))
    }
}
