import Foundation
import Testing

@testable import TestSupport

/// A Turbo 8 morph refresh that hid the pill (recordings/seen/morph-refresh.jsonl, captured in
/// real Chromium): `check` and `explain` name the morph and the fix, and fit no timer to it.
@Suite struct MorphDriftTests {
    static let recording = "recordings/seen/morph-refresh"

    @Test("check without the known difference fails, naming the morph first and no fit")
    func check() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for part in [".jsonl", ".expected.jsonl"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.root.path + "/" + Self.recording + part, toPath: directory + "/morph-refresh" + part)
        }
        let run = try turboReplay(["check", directory])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "     first: A morph refresh replaced the pill at 2267.2; mark it data-turbo-permanent (with an id) so that a morph keeps it. "
            ), "\(run.stdout)")
        #expect(!run.stdout.contains("behaves like"), "\(run.stdout)")
    }

    @Test("explain --format jsonl gives the render and its time, and no fit")
    func explainJSON() throws {
        let run = try turboReplay(["explain", "--format", "jsonl", "--fail-on", "never", Self.recording + ".jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        let drift = try #require(run.stdout.split(separator: "\n").first { $0.contains(#""finding":"banner-drift""#) })
        #expect(drift.contains(#""render":"morph","renderedAt":2267.2"#), "\(drift)")
        #expect(drift.contains(#""lines":[11,12]"#), "the morph's line and the seen's: \(drift)")
        #expect(!drift.contains("fitFlashMs") && !drift.contains("fitDebounceMs"), "\(drift)")
    }
}
