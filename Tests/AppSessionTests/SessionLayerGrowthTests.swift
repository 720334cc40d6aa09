import AppSession
import Foundation
import OfflineBanner
import Replay
import Testing
import TurboRecording

@testable import Reports
@testable import TestSupport

/// What `session` holds of each log's own findings does not grow with the logs (`bench/run
/// --memory` measures the memory of `session` on a pair of field logs; this holds the
/// structure): the launch's findings, which its analyzer would hold to the log's end, wait on
/// disk, and the layer's findings are put in order by a sort on disk, whose runs go to disk
/// past the budget. Counted, not timed: it fails on growth on any machine.
@Suite("session: each log's own findings in bounded memory")
struct SessionLayerGrowthTests {
    /// The layer's findings fed `lines`, with a sort budget small enough to write runs.
    func explained(_ lines: [String], budget: Int) throws -> (explainer: SessionLayerFindings, maxHeld: Int) {
        var explainer = SessionLayerFindings(banner: BannerSettings(), native: NativeConfig(), sortBudget: budget)
        let reader = try NativeRecordingReader(path: try temporaryRecording("growth.native.jsonl", lines))
        var maxHeld = 0
        while let record = try reader.next() {
            explainer.feed(native: record)
            maxHeld = max(maxHeld, explainer.heldInMemory)
        }
        explainer.finishNative(skipped: 0, cuts: [])
        return (explainer, max(maxHeld, explainer.heldInMemory))
    }

    @Test("the launch's findings wait on disk: as few held in memory at 10·N launches as at N")
    func launchFindingsFlat() throws {
        let small = try explained(stallingLaunches(100), budget: 4096), large = try explained(stallingLaunches(1000), budget: 4096)
        #expect(large.explainer.counts.native == 3 * 1000, "the shape makes findings: \(large.explainer.counts.native)")
        #expect(large.maxHeld <= small.maxHeld, "held \(small.maxHeld) at N, \(large.maxHeld) at 10·N")
        #expect(large.maxHeld <= 4, "a finding waits in the analyzer only until its record is read (\(large.maxHeld))")
    }

    @Test("sorted on disk, the findings come out as a sort in memory orders them, byte for byte", arguments: [256, 1 << 22])
    func sortedAsInMemory(budget: Int) throws {
        let (explainer, _) = try explained(stallingLaunches(300), budget: budget)
        // Out of order as they came (the launch's are listed at the log's end): the sort is needed.
        #expect(LayerFinding.ordered(explainer.findings(offset: 0)) != explainer.findings(offset: 0))
        for offset in [0.0, -1234.5] {
            let expected = LayerFinding.ordered(explainer.findings(offset: offset))
            var ordered = try explainer.ordered(offset: offset)
            var got: [LayerFinding] = []
            while let finding = try ordered.next() { got.append(finding) }
            #expect(got.count == expected.count)
            #expect(got == expected, "offset \(offset)")
            // A second reading (the picture's, then the report's) reads the same.
            var again = try explainer.ordered(offset: offset)
            var second: [LayerFinding] = []
            while let finding = try again.next() { second.append(finding) }
            #expect(second == expected)
        }
    }
}
