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

    @Test("a morph refresh that hides the pill fails naming the morph and the fix, and no timer's fit")
    func morphRefresh() throws {
        let golden = try copy("morph-refresh")
        guard case .drift(let report)? = golden.check().last?.result else { Issue.record("expected drift"); return }
        #expect(
            report.hasPrefix(
                "first: A morph refresh replaced the pill at 2267.2; mark it data-turbo-permanent (with an id) so that a morph keeps it. The contract shows hidden at 3724.7 (flash-elapsed)"
            ))
        #expect(!report.contains("fit:"), "a morph is no timer: \(report)")
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

    /// `count` pill episodes whose pill the page shows 500 ms late: a difference each.
    static func latePills(_ count: Int) -> String {
        var lines = [#"{"t":10,"type":"connect","context":null,"online":true,"page":"/"}"#, #"{"t":10.4,"type":"seen","visible":false,"text":""}"#]
        var t = 10
        for _ in 0..<count {
            t += 500
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            lines.append(#"{"t":\#(t + 1300),"type":"seen","visible":true,"text":"Sin conexión"}"#)
            t += 1500
            lines.append(#"{"t":\#(t),"type":"online"}"#)
            lines.append(#"{"t":\#(t).4,"type":"seen","visible":true,"text":"De nuevo en línea"}"#)
            t += 2000
            lines.append(#"{"t":\#(t).4,"type":"seen","visible":false,"text":""}"#)
            t += 100
        }
        return lines.joined(separator: "\n")
    }

    @Test(
        "a page wrong at every change: the report lists the first 100 differences and says how many more",
        arguments: [(100, "all 100 differences:", nil), (150, "the first 100 of 150 differences:", "  … 50 more")] as [(Int, String, String?)])
    func boundedReport(episodes: Int, heading: String, more: String?) throws {
        let golden = GoldenCase(recording: try Fixtures.file(Self.latePills(episodes)))
        guard case .drift(let report)? = golden.checkSeen()?.result else { Issue.record("expected drift"); return }
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.contains(heading))
        #expect(lines.filter { $0.hasPrefix(#"  {"t":"#) }.count == 100)
        #expect(lines.contains("fit: This page's banner behaves like debounceMs 1300."))
        if let more { #expect(lines.last == more) } else { #expect(!report.contains("more")) }
    }

    @Test("a malformed seen is malformed: exit 65, naming the file and line")
    func malformedSeen() throws {
        let path = try Fixtures.file(
            """
            {"t":1,"type":"connect","online":true}
            {"t":1.4,"type":"seen","visible":"yes","text":""}
            """)
        let run = try turboReplay(["check", path])
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
