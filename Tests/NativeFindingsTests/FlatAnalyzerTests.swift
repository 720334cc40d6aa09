import ArchiveCachePolicy
import Foundation
import NativeFindings
import Testing
import TurboRecording

@testable import TestSupport

/// What `stats` and `explain` keep of a long native log, held by structure (not by timing):
/// the launch's summary and findings without its rows, the cache's findings' levels without
/// the findings themselves, so that a log ten times a day long costs no more than its state.
@Suite("Flat native analyzers")
struct FlatAnalyzerTests {
    static let log = Fixtures.recordings + "/launch/app-screen-lags.jsonl"

    @Test("the launch, kept for counts, has the same summary and findings and holds no row")
    func launchCounts() throws {
        let everything = try LaunchAnalyzer.analyze(NativeRecordingReader(path: Self.log))
        var counts = LaunchAnalyzer(config: NativeConfig(), keeping: .counts)
        let reader = try NativeRecordingReader(path: Self.log)
        while let record = try reader.next() { counts.feed(record) }
        counts.finish()
        try #require(!everything.rows.isEmpty, "the recording has rows to leave out")
        #expect(counts.rows.isEmpty)
        #expect(counts.summary == everything.summary)
        #expect(counts.findings == everything.findings)
    }

    @Test("the cache, not keeping its findings, still counts them and their levels")
    func archiveLevels() throws {
        let path = Fixtures.recordings + "/archive/offline-miss.jsonl"
        func run(_ keeping: Bool) throws -> ArchiveAnalyzer {
            var analyzer = ArchiveAnalyzer(settings: ArchiveSettings(), keepingFindings: keeping)
            var emitted = 0
            let reader = try NativeRecordingReader(path: path)
            while let record = try reader.next() {
                analyzer.feed(record) { if case .finding = $0 { emitted += 1 } }
            }
            analyzer.finish { _ in }
            #expect(emitted == analyzer.levels.count, "every finding is emitted as it is decided")
            return analyzer
        }
        let kept = try run(true), flat = try run(false)
        try #require(!kept.findings.isEmpty, "the recording has findings to leave out")
        #expect(flat.findings.isEmpty)
        #expect(flat.levels == kept.findings.map(\.level))
        #expect(flat.summary == kept.summary)
    }
}
