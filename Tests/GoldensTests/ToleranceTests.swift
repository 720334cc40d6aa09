import Foundation
import OfflineBanner
import Testing
import TurboRecording

@testable import Goldens
@testable import TestSupport

/// `check --tolerance-ms`: a timeline matches its golden when it has the same records in the
/// same order, with the same keys and non-time values, and every time within the tolerance.
@Suite("Tolerant goldens")
struct ToleranceTests {
    static func value(_ text: String) -> JSONValue { JSONValue(parsing: text)! }

    static let pill = #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"#

    @Test("0 ms is exact: a tenth of a millisecond is a difference")
    func exactByDefault() {
        let drifted = Self.value(#"{"t":800.1,"banner":"offline","label":"Sin conexión","cause":"offline"}"#)
        #expect(!Tolerance.exact.matches(Self.value(Self.pill), drifted))
        #expect(Tolerance.exact.matches(Self.value(Self.pill), Self.value(Self.pill)))
        #expect(Tolerance(milliseconds: 0.1).matches(Self.value(Self.pill), drifted))
    }

    @Test("a time matches up to the tolerance, both ways, and not past it")
    func boundary() {
        let tolerance = Tolerance(milliseconds: 150)
        for t in ["650", "950", "800", "700.5"] {
            #expect(tolerance.matches(Self.value(Self.pill), Self.value(Self.pill.replacingOccurrences(of: "800", with: t))), "t \(t)")
        }
        for t in ["649.9", "950.1", "0"] {
            #expect(!tolerance.matches(Self.value(Self.pill), Self.value(Self.pill.replacingOccurrences(of: "800", with: t))), "t \(t)")
        }
    }

    @Test("every time key of every format is tolerated: t, until, launchMs, ageMs")
    func timeKeys() {
        let tolerance = Tolerance(milliseconds: 50)
        let lines = [
            #"{"t":8100.5,"surface":"tab:home","deferred":"cooldown","until":20600}"#: "until",
            #"{"t":1840.5,"launch":"ready","launchMs":1840.5}"#: "launchMs",
            #"{"t":9000,"served":"https://app.example.com/c","key":"https://app.example.com/c","ageMs":7800}"#: "ageMs",
        ]
        for (line, key) in lines {
            guard case .object(var object) = Self.value(line), case .number(let n)? = object[key] else { Issue.record("\(line)"); continue }
            object[key] = .number(n + 40)
            #expect(tolerance.matches(Self.value(line), .object(object)), "\(key) within")
            object[key] = .number(n + 60)
            #expect(!tolerance.matches(Self.value(line), .object(object)), "\(key) beyond")
        }
    }

    @Test("a number that is not a time is held exactly: status, code")
    func otherNumbersExact() {
        let tolerance = Tolerance(milliseconds: 1000)
        #expect(
            !tolerance.matches(
                Self.value(#"{"t":1,"submit":"silent","reason":"server-response","status":422}"#),
                Self.value(#"{"t":1,"submit":"silent","reason":"server-response","status":423}"#)))
        #expect(
            !tolerance.matches(
                Self.value(#"{"t":1,"passed":"u","code":-1009,"cached":false}"#),
                Self.value(#"{"t":1,"passed":"u","code":-1001,"cached":false}"#)))
    }

    @Test("a label, a cause, a key added or missing are differences whatever the tolerance")
    func nonTimeValues() {
        let tolerance = Tolerance(milliseconds: 10_000)
        let golden = Self.value(Self.pill)
        for other in [
            #"{"t":800,"banner":"offline","label":"Sin conexion","cause":"offline"}"#,
            #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"submit-failed"}"#,
            #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline","extra":1}"#,
            #"{"t":800,"banner":"offline","cause":"offline"}"#,
            #"{"t":"800","banner":"offline","label":"Sin conexión","cause":"offline"}"#,
        ] {
            #expect(!tolerance.matches(golden, Self.value(other)), "\(other)")
        }
    }

    @Test("the records must be the same, in the same order")
    func orderAndCount() {
        let tolerance = Tolerance(milliseconds: 500)
        let a = Self.value(#"{"t":1000,"banner":"offline","label":"x","cause":"submit-failed"}"#)
        let b = Self.value(#"{"t":1000,"submit":"toast","label":"x"}"#)
        #expect(tolerance.matches([a, b], [a, b]))
        #expect(!tolerance.matches([a, b], [b, a]))
        #expect(!tolerance.matches([a, b], [a]))
        #expect(!tolerance.matches([a], [a, b]))
    }

    @Test("the diff names the key, both values and the tolerance; a time within it is not named")
    func diffSaysTolerance() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n{\"t\":1000,\"type\":\"online\"}\n")
        let golden = GoldenCase(recording: path)
        try """
        {"t":700,"banner":"offline","label":"Sin conexion","cause":"offline"}
        {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
        {"t":3000,"banner":"hidden","cause":"flash-elapsed"}

        """.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        guard case .mismatch(let diff) = golden.checkFirst(tolerance: Tolerance(milliseconds: 100)) else {
            Issue.record("expected a mismatch"); return
        }
        #expect(
            diff.hasSuffix(
                """
                what differs (\(golden.golden):LINE, golden ≠ replayed; times within ±100 ms match):
                  \(golden.golden):1: label: "Sin conexion" ≠ "Sin conexión"
                """), "\(diff)")
        guard case .mismatch(let far) = golden.checkFirst(tolerance: Tolerance(milliseconds: 50)) else {
            Issue.record("expected a mismatch"); return
        }
        #expect(
            far.hasSuffix(
                #"""
                  \#(golden.golden):1: t: 700 ≠ 800 (100 ms apart, beyond ±50 ms); label: "Sin conexion" ≠ "Sin conexión"
                """#), "\(far)")
    }

    @Test("a difference at 0 reads as it always has: no tolerance in the header")
    func exactDiffUnchanged() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        try #"{"t":801,"banner":"offline","label":"Sin conexión","cause":"offline"}"#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        guard case .mismatch(let diff) = golden.checkFirst() else { Issue.record("expected a mismatch"); return }
        #expect(diff.hasSuffix("what differs (\(golden.golden):LINE, golden ≠ replayed):\n  \(golden.golden):1: t: 801 ≠ 800"))
        #expect(golden.checkFirst(tolerance: Tolerance(milliseconds: 1)) == .passed)
    }

    @Test("NAME.config.json's toleranceMs wins over the option, either way")
    func configWins() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        try #"{"t":900,"banner":"offline","label":"Sin conexión","cause":"offline"}"#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        try #"{"toleranceMs": 0}"#.write(toFile: golden.config, atomically: false, encoding: .utf8)
        guard case .mismatch = golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) else {
            Issue.record("a recording that pins 0 is checked exactly"); return
        }
        try #"{"toleranceMs": 150, "debounceMs": 800}"#.write(toFile: golden.config, atomically: false, encoding: .utf8)
        #expect(golden.checkFirst() == .passed)
        try #"{"toleranceMs": 50}"#.write(toFile: golden.config, atomically: false, encoding: .utf8)
        guard case .mismatch = golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) else {
            Issue.record("the config's smaller tolerance wins too"); return
        }
    }

    @Test("the replay's config readers accept toleranceMs and leave it to check")
    func configReadersAcceptIt() throws {
        let path = try Fixtures.file(#"{"platform":"ios","toleranceMs":250,"launch":{"toleranceMs":500}}"#, name: "r.config.json")
        #expect(try NativeConfig.load(path: path).launch.tolerance == 500)
        #expect(try ToleranceConfig.load(path: path) == 250)
        let web = try Fixtures.file(#"{"locale":"en","toleranceMs":0}"#, name: "w.config.json")
        #expect(try BannerConfig.load(path: web).locale == .en)
        #expect(try ToleranceConfig.load(path: web) == 0)
        #expect(try ToleranceConfig.load(path: try Fixtures.file("{}", name: "e.config.json")) == nil)
    }

    @Test("a toleranceMs that is not a number of ms is a malformed config, named")
    func malformedConfig() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        try #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        for bad in [#"{"toleranceMs": -1}"#, #"{"toleranceMs": "100"}"#, #"{"toleranceMs": null}"#] {
            try bad.write(toFile: golden.config, atomically: false, encoding: .utf8)
            guard case .unreadable(let error) = golden.checkFirst() else { Issue.record("\(bad)"); continue }
            #expect(error.kind == .malformed)
            #expect("\(error)".contains(golden.config) && "\(error)".contains("toleranceMs"), "\(error)")
        }
    }

    @Test("--update leaves a golden that matches within the tolerance alone, and rewrites one beyond it")
    func updateWithinTolerance() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        let old = #"{"t":850,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n"
        try old.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        #expect(golden.checkFirst(update: true, tolerance: Tolerance(milliseconds: 100)) == .passed)
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == old)
        guard case .written(created: false, _) = golden.checkFirst(update: true, tolerance: Tolerance(milliseconds: 10)) else {
            Issue.record("expected a rewrite"); return
        }
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.pill + "\n")
    }

    /// Copies a corpus recording with its goldens and config to a scratch directory.
    static func copy(_ stem: String) throws -> (GoldenCase, String) {
        let directory = try Fixtures.scratchDirectory()
        let source = (Fixtures.recordings + "/" + stem as NSString).deletingLastPathComponent
        let name = (stem as NSString).lastPathComponent
        for file in try FileManager.default.contentsOfDirectory(atPath: source)
        where file == name + ".jsonl" || file == name + ".native.jsonl"
            || file.hasPrefix(name + ".") && (file.hasSuffix(".expected.jsonl") || file.hasSuffix(".config.json"))
        {
            try FileManager.default.copyItem(atPath: source + "/" + file, toPath: directory + "/" + file)
        }
        return (GoldenCase(recording: directory + "/" + name + ".jsonl"), directory)
    }

    /// `golden` with every value of `key` moved by `delta`.
    static func shift(_ key: String, by delta: Double, in golden: String) throws {
        let text = try String(contentsOfFile: golden, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"\(key)\":(-?[0-9.]+)")
        var shifted = text
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let range = Range(match.range(at: 1), in: text)!
            shifted.replaceSubrange(range, with: formatNumber(Double(text[range])! + delta))
        }
        #expect(shifted != text, "no \(key) in \(golden)")
        try shifted.write(toFile: golden, atomically: false, encoding: .utf8)
    }

    static func formatNumber(_ n: Double) -> String { n == n.rounded() ? String(Int(n)) : String(n) }

    @Test(
        "native, launch and archive goldens are tolerant alike",
        arguments: [
            ("native/contract-example", "", "until"),
            ("launch/app-screen-keeps-up", "launch.", "launchMs"),
            ("archive/clear-and-remove", "archive.", "ageMs"),
            ("archive/clear-and-remove", "archive.", "t"),
        ])
    func otherPolicies(stem: String, timeline: String, key: String) throws {
        let (golden, directory) = try Self.copy(stem)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = RecordingFiles.stem(golden.recording) + "." + timeline + "expected.jsonl"
        #expect(golden.check().allSatisfy { $0.result == .passed })
        try Self.shift(key, by: 40, in: file)
        let exact = golden.check().first { $0.golden == file }
        guard case .mismatch(let diff)? = exact?.result else { Issue.record("\(file): expected a mismatch at 0"); return }
        #expect(diff.contains("\(key): "), "\(diff)")
        #expect(golden.check(tolerance: Tolerance(milliseconds: 40)).allSatisfy { $0.result == .passed })
        let beyond = golden.check(tolerance: Tolerance(milliseconds: 39)).first { $0.golden == file }
        guard case .mismatch(let far)? = beyond?.result else { Issue.record("\(file): expected a mismatch at 39"); return }
        #expect(far.contains("(40 ms apart, beyond ±39 ms)"), "\(far)")
    }

    static let summary =
        #"{"summary":{"drops":1,"unannounced":0,"edges":2,"dropToPill":{"count":1,"median":803.2,"p90":803.2,"max":803.2},"#
        + #""edgeToClear":{"count":1,"median":3.1,"p90":3.1,"max":3.1,"stuck":0},"edgeToPage":{"count":0,"stuck":0},"#
        + #""findings":{"late-pill":0,"pill-outlived-network":0,"slow-recovery":0},"end":4076.6}}"#

    @Test(
        "a session summary: its end is a time, its latencies may drift twice the tolerance, its counts are exact",
        arguments: [
            ("\"end\":4076.6", "\"end\":4126.6", true),  // a time: ±50
            ("\"end\":4076.6", "\"end\":4126.7", false),
            ("\"max\":803.2", "\"max\":903.2", true),  // a latency, the difference of two times: ±100
            ("\"max\":803.2", "\"max\":903.3", false),
            ("\"median\":3.1", "\"median\":103.1", true),
            ("\"p90\":803.2", "\"p90\":703.2", true),
            ("\"drops\":1", "\"drops\":2", false),  // counts
            ("\"edges\":2", "\"edges\":3", false),
            ("\"stuck\":0}", "\"stuck\":1}", false),
            ("\"count\":0", "\"count\":1", false),
            ("\"late-pill\":0", "\"late-pill\":1", false),
            ("\"end\":4076.6", "\"end\":null", false),
            (",\"max\":3.1", "", false),  // a key missing
        ])
    func sessionSummary(golden: String, replayed: String, matches: Bool) throws {
        let tolerance = Tolerance(milliseconds: 50)
        let other = Self.summary.replacingOccurrences(of: golden, with: replayed)
        #expect(other != Self.summary)
        #expect(tolerance.matches(Self.value(Self.summary), Self.value(other)) == matches, "\(other)")
        #expect(!Tolerance.exact.matches(Self.value(Self.summary), Self.value(other)))
    }

    @Test(
        "a session finding: its drop or edge is a time, its latencyMs a latency (twice the tolerance)",
        arguments: [
            (#"{"t":8005,"finding":"pill-outlived-network","edge":8005,"latencyMs":3795}"#, true),
            (#"{"t":8050,"finding":"pill-outlived-network","edge":8050,"latencyMs":3700}"#, true),
            (#"{"t":8000,"finding":"pill-outlived-network","edge":8051,"latencyMs":3800}"#, false),
            (#"{"t":8000,"finding":"pill-outlived-network","edge":8000,"latencyMs":3699}"#, false),
            (#"{"t":8000,"finding":"slow-recovery","edge":8000,"latencyMs":3800}"#, false),
        ])
    func sessionFinding(replayed: String, matches: Bool) {
        let golden = Self.value(#"{"t":8000,"finding":"pill-outlived-network","edge":8000,"latencyMs":3800}"#)
        #expect(Tolerance(milliseconds: 50).matches(golden, Self.value(replayed)) == matches, "\(replayed)")
        let late = Self.value(#"{"t":2600,"finding":"late-pill","drop":2000,"latencyMs":1400}"#)
        #expect(Tolerance(milliseconds: 50).matches(late, Self.value(#"{"t":2650,"finding":"late-pill","drop":1950,"latencyMs":1500}"#)))
    }

    @Test("a session summary's difference names the key inside it, and the slack it had")
    func sessionSummaryDiff() {
        let other = Self.value(
            Self.summary.replacingOccurrences(of: "\"max\":803.2", with: "\"max\":903.2")
                .replacingOccurrences(of: "\"drops\":1", with: "\"drops\":2"))
        #expect(
            keyDifferences(Self.value(Self.summary), other, tolerance: Tolerance(milliseconds: 40))
                == "summary.dropToPill.max: 803.2 ≠ 903.2 (100 ms apart, beyond ±80 ms); summary.drops: 1 ≠ 2")
        #expect(keyDifferences(Self.value(Self.summary), other) == "summary.dropToPill.max: 803.2 ≠ 903.2; summary.drops: 1 ≠ 2")
    }

    @Test("a session golden re-captured a few ms off passes under the tolerance, records and summary alike")
    func sessionGolden() throws {
        let (golden, directory) = try Self.copy("session/airplane")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = RecordingFiles.stem(golden.recording) + ".session.expected.jsonl"
        #expect(golden.check().allSatisfy { $0.result == .passed })
        try Self.shift("t", by: 30, in: file)
        try Self.shift("end", by: 30, in: file)
        try Self.shift("max", by: 45, in: file)
        #expect(golden.check(tolerance: Tolerance(milliseconds: 30)).allSatisfy { $0.result == .passed })
        let beyond = golden.check(tolerance: Tolerance(milliseconds: 22)).first { $0.golden == file }
        guard case .mismatch(let far)? = beyond?.result else { Issue.record("\(file): expected a mismatch at 22"); return }
        #expect(far.contains("summary.dropToPill.max: 848.2 ≠ 803.2 (45 ms apart, beyond ±44 ms)"), "\(far)")
    }
}
