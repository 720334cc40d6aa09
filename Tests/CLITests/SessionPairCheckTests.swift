import Foundation
import Testing

@testable import TestSupport

/// `session` checks its pair before it reads the two logs on one clock (app-session.md v1.2):
/// logs of different runs, clocks that do not meet, clocks that run causal pairs backwards, a
/// log cut by a crash and an empty log each give their error or finding, never a confident
/// "findings: none".
@Suite("turbo-replay session checks its pair")
struct SessionPairCheckTests {
    static let example = (web: "recordings/session/example.jsonl", native: "recordings/session/example.native.jsonl")
    static let airplane = (web: "recordings/session/airplane.jsonl", native: "recordings/session/airplane.native.jsonl")

    /// The two logs with their `meta` lines edited by `web` and `native`, in a scratch folder.
    private func pair(
        _ source: (web: String, native: String), web: @escaping (String) -> String = { $0 }, native: @escaping (String) -> String = { $0 }
    ) throws -> (web: String, native: String) {
        let directory = try Fixtures.scratchDirectory()
        let paths = (web: directory + "/run.jsonl", native: directory + "/run.native.jsonl")
        for (from, to, edit) in [(source.web, paths.web, web), (source.native, paths.native, native)] {
            var lines = try String(contentsOfFile: Fixtures.root.path + "/" + from, encoding: .utf8).split(separator: "\n").map(String.init)
            lines[0] = edit(lines[0])
            try (lines.joined(separator: "\n") + "\n").write(toFile: to, atomically: false, encoding: .utf8)
        }
        return paths
    }

    private func adding(_ json: String) -> (String) -> String {
        { meta in String(meta.dropLast()) + "," + json + "}" }
    }

    // MARK: - Identity

    @Test("two logs that both carry identity and do not match: 65, naming both files and both ids, nothing printed")
    func identityMismatch() throws {
        let logs = try pair(
            Self.example, web: adding(#""session":"tab-7f3a""#),
            native: { $0 + "\n" + #"{"t":400,"type":"web-session","session":"tab-19c2"}"# })
        for format in ["text", "jsonl"] {
            let run = try turboReplay(["session", "--format", format, logs.web, logs.native])
            #expect(run.status == 65)
            #expect(run.stdout == "")
            #expect(run.stderr.contains(logs.web + ":1: not one app session with " + logs.native))
            #expect(run.stderr.contains(#""session":"tab-7f3a""#) && run.stderr.contains(#""tab-19c2" (line 2)"#))
        }
    }

    @Test("a web-session that names the recording's session is one session; identity on one side only is not checked")
    func identityMatch() throws {
        let golden = try String(contentsOfFile: Fixtures.recordings + "/session/example.session.expected.jsonl", encoding: .utf8)
        let matching = try pair(
            Self.example, web: adding(#""session":"tab-7f3a""#),
            native: { $0 + "\n" + #"{"t":400,"type":"web-session","session":"tab-0"}"# + "\n" + #"{"t":450,"type":"web-session","session":"tab-7f3a"}"# })
        let run = try turboReplay(["session", "--format", "jsonl", matching.web, matching.native])
        #expect(run.status == 0)
        #expect(run.stdout == golden)
        let oneSide = try pair(Self.example, web: adding(#""session":"tab-7f3a""#))
        #expect(try turboReplay(["session", "--format", "jsonl", oneSide.web, oneSide.native]).stdout == golden)
    }

    @Test("two logs of different releases of the app: 65, naming both")
    func appMismatch() throws {
        let logs = try pair(
            Self.example, web: adding(#""app":{"version":"2.3.1","build":"231"}"#), native: adding(#""app":{"version":"2.4.0"}"#))
        let run = try turboReplay(["session", logs.web, logs.native])
        #expect(run.status == 65)
        #expect(run.stderr.contains("the app is 2.3.1 (231)") && run.stderr.contains("says 2.4.0") && run.stderr.contains(logs.native))
        let same = try pair(
            Self.example, web: adding(#""app":{"version":"2.3.1","build":"231"}"#), native: adding(#""app":{"version":"2.3.1","build":"231"}"#))
        #expect(try turboReplay(["session", same.web, same.native]).status == 0)
    }

    // MARK: - Overlap

    @Test(
        "a native clock off by minutes or days: the logs do not overlap, 65 saying by how much",
        arguments: [
            ("10:02:59.000", "begins 170300 ms after the page's ends (2 min 50 s)"),
            ("09:56:59.000", "ends 171300 ms before the page's begins (2 min 51 s)"),
        ])
    func noOverlap(startedAt: String, miss: String) throws {
        let logs = try pair(Self.example, native: { $0.replacingOccurrences(of: "09:59:59.000", with: startedAt) })
        for format in ["text", "jsonl"] {
            let run = try turboReplay(["session", "--format", format, logs.web, logs.native])
            #expect(run.status == 65)
            #expect(run.stdout == "")
            #expect(run.stderr.contains(logs.web + ": does not overlap " + logs.native))
            #expect(run.stderr.contains(miss), "\(run.stderr)")
        }
        // With the offset the clocks meet again.
        #expect(try turboReplay(["session", "--offset-ms", "-1000", logs.web, logs.native]).status == 0)
    }

    @Test("another day's log: the gap in hours")
    func anotherDay() throws {
        let logs = try pair(Self.example, native: { $0.replacingOccurrences(of: "2026-12-01T09:59:59.000Z", with: "2026-11-26T09:26:47.670Z") })
        let run = try turboReplay(["session", logs.web, logs.native])
        #expect(run.status == 65)
        #expect(run.stderr.contains("(120 h 33 min)"), "\(run.stderr)")
    }

    // MARK: - Plausible clocks

    @Test("a native clock 2.5 s fast: the pill before the drop is clock-skew with the Δ that agrees, not a dropToPill of 0")
    func clockSkew() throws {
        // field-report: Δ −1500, the drop at 4500 and the pill at 5500 (dropToPill 1000). With
        // Δ 1000 the drop is at 7000, 1500 ms after the page's own pill, which stayed up.
        let report = (web: "recordings/session/field-report.jsonl", native: "recordings/session/field-report.native.jsonl")
        let run = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "1000", report.web, report.native])
        #expect(run.status == 1)
        let skew =
            #"{"t":5500,"finding":"clock-skew","pairs":[{"drop":7000,"pill":5500,"backwardsMs":1500}],"count":1,"offsetMs":1000,"agreeingOffsetMs":-500,"toleranceMs":1000}"#
        #expect(run.stdout.contains(skew + "\n"))
        #expect(run.stdout.contains(#""drops":2,"unannounced":1,"edges":3,"dropToPill":{"count":0}"#))
        let text = try turboReplay(["session", "--offset-ms", "1000", report.web, report.native])
        #expect(text.status == 1)
        #expect(text.stdout.contains("the page's own pill came 1500 ms before it, at 5500: the clocks disagree, not measured"))
        #expect(text.stdout.contains("clock-skew at 5500: the page's own pill came before the app lost the network"))
        #expect(text.stdout.contains("with Δ -500 ms or less they would agree"))
    }

    @Test("a native clock 2 s fast over a short outage: the page's whole outage before the drop is clock-skew, not unannounced")
    func skewOfAShortOutage() throws {
        // airplane: Δ −73, the drop at 567.1, the pill at 1370.3, the page online at 2076.6. With
        // 2 s more the drop is at 2567.1, after the page's whole outage.
        let run = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "1927", Self.airplane.web, Self.airplane.native])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                #"{"t":1370.3,"finding":"clock-skew","pairs":[{"drop":2567.1,"pill":1370.3,"backwardsMs":1196.8}],"count":1,"offsetMs":1927,"agreeingOffsetMs":730.2,"toleranceMs":1000}"#
            ))
        #expect(run.stdout.contains(#""drops":1,"unannounced":0,"#))
        let text = try turboReplay(["session", "--offset-ms", "1927", Self.airplane.web, Self.airplane.native])
        #expect(!text.stdout.contains("findings: none") && !text.stdout.contains("unannounced)"))
        #expect(text.stdout.contains("1 not measured (clock-skew, or past a cut log's end)"))
    }

    @Test("stats counts the sessions with clock-skew, and a partial carries the count through a merge")
    func statsCountsClockSkew() throws {
        // field-report with the app's startedAt 2.5 s later: Δ +1000, as above.
        let directory = try Fixtures.scratchDirectory()
        let source = Fixtures.recordings + "/session/field-report"
        try FileManager.default.copyItem(atPath: source + ".jsonl", toPath: directory + "/skewed.jsonl")
        try String(contentsOfFile: source + ".native.jsonl", encoding: .utf8).replacingOccurrences(of: "13:59:58.500", with: "14:00:01.000")
            .write(toFile: directory + "/skewed.native.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["stats", directory])
        #expect(run.stdout.contains("  clock-skew                1  \(directory)/skewed.jsonl"), "\(run.stdout)")
        let partial = directory + "/part.jsonl"
        try turboReplay(["stats", "--partial", directory]).stdout.write(toFile: partial, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", "--format", "json", partial])
        #expect(merged.stdout.contains(#""clock-skew":{"count":1"#), "\(merged.stdout)")
    }

    @Test("within the tolerance the pill already up is dropToPill 0; a smaller tolerance says clock-skew; a config switches it off")
    func skewTolerance() throws {
        // Δ 1000: the drop at 1640.1, 269.8 ms after the pill.
        let within = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "1000", Self.airplane.web, Self.airplane.native])
        #expect(within.status == 0)
        #expect(!within.stdout.contains("clock-skew"))
        #expect(within.stdout.contains(#""dropToPill":{"count":1,"median":0"#))
        let strict = try turboReplay(
            ["session", "--format", "jsonl", "--offset-ms", "1000", "--skew-tolerance-ms", "100", Self.airplane.web, Self.airplane.native])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(#""backwardsMs":269.8}],"count":1,"offsetMs":1000,"agreeingOffsetMs":730.2,"toleranceMs":100}"#))
        let config = try Fixtures.file(#"{"skewToleranceMs": 100, "findings": {"clock-skew": "off"}}"#, name: "session.json")
        let off = try turboReplay(["session", "--format", "jsonl", "--offset-ms", "1000", "--config", config, Self.airplane.web, Self.airplane.native])
        #expect(off.status == 0)
        #expect(!off.stdout.contains("clock-skew"))
        #expect(try turboReplay(["session", "--skew-tolerance-ms", "-5", Self.airplane.web, Self.airplane.native]).status == 64)
    }

    // MARK: - A cut log

    /// A page whose pill is up from 1300 and whose log was cut after its record at `last`, and an
    /// app that drops at 400 and is back at `edge`.
    private func cutPair(last: Double, edge: Double, cut: Bool = true) throws -> (web: String, native: String) {
        let directory = try Fixtures.scratchDirectory()
        let meta = #""startedAt":"2026-12-01T10:00:00.000Z""#
        var web =
            [
                #"{"type":"meta","version":1,"source":"webkit",\#(meta)}"#, #"{"t":100,"type":"connect","context":null,"online":true,"page":"/"}"#,
                #"{"t":500,"type":"offline"}"#, #"{"t":\#(last),"type":"turbo:load"}"#,
            ].joined(separator: "\n") + "\n"
        if cut { web += #"{"t":\#(last + 50),"type":"onl"# }
        let native =
            [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios",\#(meta)}"#, #"{"t":50,"type":"path","online":true}"#,
                #"{"t":400,"type":"path","online":false}"#, #"{"t":\#(edge),"type":"path","online":true}"#,
            ].joined(separator: "\n") + "\n"
        try web.write(toFile: directory + "/cut.jsonl", atomically: false, encoding: .utf8)
        try native.write(toFile: directory + "/cut.native.jsonl", atomically: false, encoding: .utf8)
        return (directory + "/cut.jsonl", directory + "/cut.native.jsonl")
    }

    @Test("a web log cut at 2315.8 says nothing of the edge at 3330.1: no pill-outlived-network past its cut")
    func webCut() throws {
        let logs = try cutPair(last: 2315.8, edge: 3330.1)
        let run = try turboReplay(["session", "--format", "jsonl", logs.web, logs.native])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("pill-outlived-network\",\"edge\""))
        #expect(run.stdout.contains(#""edgeToClear":{"count":0,"stuck":0}"#))
        #expect(run.stdout.contains(#""finding":"log-cut""#))
        #expect(run.stderr.contains("note:"))
        // The same page, not cut, ended with the pill up: the edge is stuck, as it always was.
        let whole = try cutPair(last: 2315.8, edge: 3330.1, cut: false)
        let stuck = try turboReplay(["session", "--format", "jsonl", whole.web, whole.native])
        #expect(stuck.status == 1)
        #expect(stuck.stdout.contains(#"{"t":3330.1,"finding":"pill-outlived-network","edge":3330.1}"#))
    }

    @Test("before a web log's cut, an edge already later than lateMs is still stuck; one closer to the cut is not measured")
    func beforeTheCut() throws {
        let late = try turboReplay(["session", "--format", "jsonl"] + [try cutPair(last: 5000, edge: 2000)].flatMap { [$0.web, $0.native] })
        #expect(late.status == 1)
        #expect(late.stdout.contains(#"{"t":2000,"finding":"pill-outlived-network","edge":2000}"#))
        let close = try turboReplay(["session", "--format", "jsonl"] + [try cutPair(last: 5000, edge: 3500)].flatMap { [$0.web, $0.native] })
        #expect(close.status == 0)
        #expect(close.stdout.contains(#""edgeToClear":{"count":0,"stuck":0}"#))
    }

    @Test("a native log cut before the pill came: dropToPill not measured, and the drop not called unannounced")
    func nativeCut() throws {
        let directory = try Fixtures.scratchDirectory()
        let meta = #""startedAt":"2026-12-01T10:00:00.000Z""#
        try [
            #"{"type":"meta","version":1,"source":"webkit",\#(meta)}"#, #"{"t":100,"type":"connect","context":null,"online":true,"page":"/"}"#,
            #"{"t":500,"type":"offline"}"#, #"{"t":4000,"type":"turbo:load"}"#,
        ].joined(separator: "\n").appending("\n").write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        try
            ([
                #"{"type":"meta","version":1,"recording":"native","platform":"ios",\#(meta)}"#, #"{"t":50,"type":"path","online":true}"#,
                #"{"t":400,"type":"path","online":false}"#, #"{"t":600,"type":"foreground"}"#,
            ].joined(separator: "\n") + "\n" + #"{"t":700,"type":"pa"#).write(toFile: directory + "/a.native.jsonl", atomically: false, encoding: .utf8)
        let run = try turboReplay(["session", "--format", "jsonl", directory + "/a.jsonl", directory + "/a.native.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""drops":1,"unannounced":0,"edges":1,"dropToPill":{"count":0}"#))
        let text = try turboReplay(["session", directory + "/a.jsonl", directory + "/a.native.jsonl"])
        #expect(text.stdout.contains("← a drop: the network went away (past the end of a cut log: not measured)"))
    }

    // MARK: - An empty log

    @Test("an empty log is named as empty on either side, given the offset or not")
    func empty() throws {
        let directory = try Fixtures.scratchDirectory()
        let empty = directory + "/empty.jsonl", blank = directory + "/blank.native.jsonl"
        try "".write(toFile: empty, atomically: false, encoding: .utf8)
        try "\n\n".write(toFile: blank, atomically: false, encoding: .utf8)
        for arguments in [
            [Self.example.web, empty], ["--offset-ms", "0", Self.example.web, empty], [Self.example.web, blank],
        ] {
            let run = try turboReplay(["session"] + arguments)
            #expect(run.status == 65, "\(arguments)")
            #expect(run.stderr.contains(arguments.last! + ": the native log (the app's) is empty: it has no record"), "\(arguments)")
            #expect(!run.stderr.contains("a web recording"), "\(arguments)")
        }
        for arguments in [[empty, Self.example.native], ["--offset-ms", "0", empty, Self.example.native]] {
            let run = try turboReplay(["session"] + arguments)
            #expect(run.status == 65, "\(arguments)")
            #expect(run.stderr.contains(empty + ": the web recording (the page's) is empty: it has no record"), "\(arguments)")
            #expect(run.stdout == "")
        }
    }
}
