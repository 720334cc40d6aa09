import Foundation
import Goldens
import Testing
import TurboRecording

@testable import TestSupport

/// What a golden guards once a recording has `seen`: the model (its timeline) and the app (what
/// its banner showed against that timeline). One test per row of docs/goldens.md's "seen" table.
@Suite("Goldens: what the page showed")
struct SeenGoldenTests {
    static let seen = Fixtures.recordings + "/seen"

    /// A copy of `recordings/seen/NAME` (recording and model golden, not its known differences)
    /// in a scratch directory, so that the seen golden's absence or presence is the test's.
    func copy(_ name: String, withKnownDifferences: Bool = false) throws -> GoldenCase {
        let directory = try Fixtures.scratchDirectory()
        var parts = [".jsonl", ".expected.jsonl"]
        if withKnownDifferences { parts.append(".seen.expected.jsonl") }
        for part in parts {
            try FileManager.default.copyItem(atPath: Self.seen + "/" + name + part, toPath: directory + "/" + name + part)
        }
        return GoldenCase(recording: directory + "/" + name + ".jsonl")
    }

    @Test("a page that conforms: its golden passes and nothing more is checked")
    func conforms() throws {
        let golden = try copy("conforms")
        #expect(golden.check() == [GoldenCheck(golden: golden.golden, result: .passed)])
    }

    @Test("a page whose debounce is 1500 fails though its golden matches, naming the first difference and the fit")
    func debounceDrift() throws {
        let golden = try copy("debounce-1500")
        let checks = golden.check()
        #expect(checks.first?.result == .passed)
        guard case .drift(let report)? = checks.last?.result else { Issue.record("expected drift, got \(checks)"); return }
        #expect(report.hasPrefix("first: The contract shows “Sin conexión” at 1534.6 (offline); the page showed it at 2235.2, 700.6 ms late"))
        #expect(report.contains("fit: This page's banner behaves like debounceMs 1500."))
    }

    @Test("a page that forgets the submission's message fails: missing")
    func forgetsToast() throws {
        guard case .drift(let report)? = try copy("forgets-toast").check().last?.result else { Issue.record("expected drift"); return }
        #expect(report.contains("the page never showed it: it kept showing “Sin conexión”"))
    }

    @Test("known differences (NAME.seen.expected.jsonl) pass when they are exactly what was found")
    func knownDifferences() throws {
        #expect(try copy("flash-1000", withKnownDifferences: true).check().allSatisfy { !$0.result.failed })
    }

    @Test("check --update writes the model's golden and still reports the drift; it never writes known differences")
    func updateReportsDrift() throws {
        let golden = try copy("debounce-1500")
        try FileManager.default.removeItem(atPath: golden.golden)
        let checks = golden.check(update: true)
        guard case .written(created: true, _)? = checks.first?.result else { Issue.record("expected the golden written: \(checks)"); return }
        guard case .drift? = checks.last?.result else { Issue.record("expected drift"); return }
        #expect(FileManager.default.fileExists(atPath: golden.golden))
        #expect(!FileManager.default.fileExists(atPath: golden.seenGolden))
    }

    @Test("a recording without seen checks as it did: one check, the model's")
    func withoutSeen() throws {
        let golden = GoldenCase(recording: Fixtures.recordings + "/chromium/offline-form-submit.jsonl")
        #expect(golden.check() == [GoldenCheck(golden: golden.golden, result: .passed)])
    }

    @Test("a malformed seen is malformed: exit 65, naming the file and line")
    func malformedSeen() throws {
        let path = try Fixtures.file(
            """
            {"t":1,"type":"connect","online":true}
            {"t":1.4,"type":"seen","visible":"yes","text":""}
            """)
        let run = try Fixtures.run(["check", path])
        #expect(run.status == 65)
        #expect(run.stdout.contains("recording.jsonl:2: \"visible\" must be a boolean"), "\(run.stdout)")
    }

    @Test("the seen tolerance comes from the config: seenTimerMs 800 lets a 700 ms late pill pass")
    func configTolerance() throws {
        let golden = try copy("debounce-1500")
        try Data(#"{"seenTimerMs": 800}"#.utf8).write(to: URL(fileURLWithPath: golden.config))
        #expect(golden.check() == [GoldenCheck(golden: golden.golden, result: .passed)])
    }
}
