import ArchiveCachePolicy
import Foundation
import NativeFindings
import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport

private let archiveRecordings = packageRoot + "/recordings/archive"

@Suite("archive --summary: the what-if over a fleet")
struct ArchiveFleetTests {
    @Test("added up over recordings/archive/, in path order, the same for any job count")
    func fleet() throws {
        let paths = try RecordingFiles.find(in: [archiveRecordings])
        let fleet = ArchiveFleet.analyze(paths, reading: ArchiveReading(), jobs: 1)
        #expect(ArchiveFleet.analyze(paths, reading: ArchiveReading(), jobs: 3) == fleet)
        #expect(fleet.android == 1)
        #expect(fleet.summaries.count == paths.count - 1)
        #expect(fleet.served + fleet.misses + fleet.passed + fleet.offlineWithoutURL == fleet.offlineViews)
        let staleLogs = fleet.findings.first { $0.kind == .staleArchive }?.recordings.map(\.path)
        #expect(staleLogs == [archiveRecordings + "/stale-archive.jsonl"])
        let notIntercepted = fleet.findings.first { $0.kind == .notIntercepted }!
        #expect(notIntercepted.count == 3)
        #expect(notIntercepted.recordings.map(\.path) == [archiveRecordings + "/not-intercepted.jsonl", archiveRecordings + "/contract-example.jsonl"])
    }

    @Test("median (mean of the middle two), p90 by nearest rank (within the sketch's accuracy), exact max of the ages at serve")
    func ages() throws {
        let files = try ScratchLogs()
        let meta = #"{"type":"meta","version":1,"recording":"native"}"#
        var lines = [meta, #"{"t":0,"type":"finish","url":"https://a.example/"}"#]
        for age in [100, 400, 200, 300] {
            lines.append(#"{"t":\#(age),"type":"presented","surface":"s","error":{"kind":"web","code":-1009},"url":"https://a.example/"}"#)
        }
        // Time never goes back in a log: ages 100, 400 in one, 200, 300 in another.
        let one = try files.write("one.jsonl", [lines[0], lines[1], lines[2], lines[3]])
        let two = try files.write("two.jsonl", [lines[0], lines[1], lines[4], lines[5]])
        let fleet = ArchiveFleet.analyze([one, two], reading: ArchiveReading(), jobs: 1)
        #expect(abs(fleet.ageAtServe!.median - 250) <= QuantileSketch.relativeAccuracy * 250)
        #expect(abs(fleet.ageAtServe!.p90 - 400) <= QuantileSketch.relativeAccuracy * 400)
        #expect(fleet.ageAtServe?.max == 400)
        #expect(fleet.archivesAtEnd == 2)
        #expect(fleet.largestCache?.path == one)
    }

    @Test("a malformed log is reported with its line and counted; web and android logs are skipped")
    func failures() throws {
        let files = try ScratchLogs()
        let bad = try files.write("bad.jsonl", [#"{"type":"meta","version":1,"recording":"native"}"#, #"{"t":1,"type":"finish"}"#])
        let fleet = ArchiveFleet.analyze(
            [
                bad, packageRoot + "/recordings/chromium/flap-short.jsonl",
                packageRoot + "/recordings/native/contract-example.jsonl",
            ], reading: ArchiveReading(), jobs: 1)
        #expect(fleet.malformed == 1)
        #expect(fleet.failures.first?.description == #"\#(bad):2: missing "url" on "finish" (a string: the page that finished loading)"#)
        #expect(fleet.web == 1)
        #expect(fleet.android == 1)
        #expect(fleet.summaries.isEmpty)
    }

    /// What `archive --summary` reports of a fleet, as a comparable value.
    static func figures(_ totals: ArchiveTotals) -> [String] {
        [
            "logs \(totals.logs) android \(totals.android) web \(totals.web) skipped \(totals.skippedLines)",
            "failures \(totals.failures.entries.map(\.description)) \(totals.malformed) \(totals.unreadable)",
            "views \(totals.offlineViews) \(totals.offlineWithoutURL) \(totals.served) \(totals.passed) \(totals.passedCached)",
            "missed \(totals.missed.map { "\($0.reason.rawValue) \($0.count)" }) \(totals.misses)",
            "archives \(totals.captures) \(totals.archivesAtEnd) \(String(describing: totals.largestCache))",
            "ages \(String(describing: totals.ageAtServe))",
            "findings \(totals.findings.map { "\($0.kind.rawValue) \($0.count) \($0.recordings.entries.map { "\($0.path) \($0.count)" })" })",
        ]
    }

    @Test("added up as the logs are read, in path order: what the held fleet adds up, for any job count", arguments: [1, 3])
    func summarizedAsRead(jobs: Int) throws {
        let files = try ScratchLogs()
        let bad = try files.write("bad.jsonl", [#"{"type":"meta","version":1,"recording":"native"}"#, #"{"t":1,"type":"finish"}"#])
        let paths = try RecordingFiles.find(in: [archiveRecordings]) + [bad, packageRoot + "/recordings/chromium/flap-short.jsonl"]
        let held = ArchiveFleet.analyze(paths, reading: ArchiveReading(), jobs: 1)
        var seen: [ArchiveFleetFile] = []
        var totals = ArchiveReading().totals
        try ArchiveFleet.stream(paths, reading: ArchiveReading(), jobs: jobs) { file in
            seen.append(file)
            totals.add(file)
        }
        #expect(seen == held.files)
        #expect(Self.figures(totals) == Self.figures(held.totals))
        // The totals say what the held fleet's own sums, over its every log, say.
        #expect((totals.logs, totals.skippedLines) == (held.summaries.count, held.skippedLines))
        #expect((totals.offlineViews, totals.offlineWithoutURL) == (held.offlineViews, held.offlineWithoutURL))
        #expect((totals.served, totals.misses, totals.passed, totals.passedCached) == (held.served, held.misses, held.passed, held.passedCached))
        #expect(totals.missed.map { "\($0.reason) \($0.count)" } == held.missed.map { "\($0.reason) \($0.count)" })
        #expect((totals.captures, totals.archivesAtEnd) == (held.captures, held.archivesAtEnd))
        #expect((totals.malformed, totals.unreadable, totals.web, totals.android) == (held.malformed, held.unreadable, 1, 1))
        #expect(totals.malformed == 1 && totals.failures.entries.map(\.description) == held.failures.map(\.description))
        #expect(totals.largestCache?.path == held.largestCache?.path && totals.largestCache?.archives == held.largestCache?.archives)
        #expect(totals.ageAtServe == held.ageAtServe)
        #expect(totals.findings.map(\.count) == held.findings.map(\.count))
        #expect(
            totals.findings.map { $0.recordings.entries.map { "\($0.path) \($0.count)" } }
                == held.findings.map { $0.recordings.map { "\($0.path) \($0.count)" } })
    }

    @Test("a fleet's listings are bounded: the first 1,000 logs under a finding and of the logs not read, every one counted")
    func boundedListings() {
        var totals = ArchiveTotals(settings: ArchiveSettings())
        let extra = 7
        for index in 0..<(KeptLogs<Int>.capacity + extra) {
            var summary = ArchiveFileSummary()
            summary.findings[.offlineMiss] = 1 + index % 3
            totals.add(ArchiveFleetFile(path: String(format: "/fleet/%05d.jsonl", index), outcome: .read(summary)))
            totals.add(
                ArchiveFleetFile(
                    path: String(format: "/fleet/bad-%05d.jsonl", index),
                    outcome: .failed(RecordingError(.malformed, path: String(format: "/fleet/bad-%05d.jsonl", index), line: 2, "bad"))))
        }
        let miss = totals.findings.first { $0.kind == .offlineMiss }!
        #expect(miss.recordings.entries.count == KeptLogs<Int>.capacity)
        #expect(miss.recordings.logs == KeptLogs<Int>.capacity + extra)
        #expect(miss.count == (0..<(KeptLogs<Int>.capacity + extra)).reduce(0) { $0 + 1 + $1 % 3 })
        // Most occurrences first, then by path.
        #expect(miss.recordings.entries.first?.path == "/fleet/00002.jsonl" && miss.recordings.entries.first?.count == 3)
        #expect(totals.failures.entries.count == KeptLogs<Int>.capacity)
        #expect(totals.failures.dropped == extra && totals.malformed == KeptLogs<Int>.capacity + extra)
        #expect(totals.failures.entries.first?.path == "/fleet/bad-00000.jsonl")
    }
}
