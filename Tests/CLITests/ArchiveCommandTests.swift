import Foundation
import Testing

@testable import TestSupport

private let archiveRecordings = "recordings/archive"

/// `turbo-replay archive`, and `explain` on an iOS log, from the command line.
@Suite("turbo-replay archive, end to end")
struct ArchiveCommandTests {
    static let contractOutput = """
        {"t":1200,"capture":"https://app.example.com/courses/1","via":"finish"}
        {"t":5400,"capture":"https://app.example.com/courses/1/lessons/2","via":"url-change"}
        {"t":9000,"served":"https://app.example.com/courses/1?mobile_offline=1","key":"https://app.example.com/courses/1","ageMs":7800}
        {"t":9500,"miss":"https://app.example.com/grades","toast":"Not available offline: https://app.example.com/grades"}
        {"t":9900,"passed":"https://app.example.com/courses/1","code":-1005,"cached":true}

        """

    @Test("--format jsonl prints the contract's Output, byte for byte")
    func contractExample() throws {
        let run = try turboReplay(["archive", "--format", "jsonl", "\(archiveRecordings)/contract-example.jsonl"])
        #expect(run.status == 0)
        #expect(run.stdout == Self.contractOutput)
        #expect(run.stderr == "")
    }

    @Test("- reads standard input")
    func stdin() throws {
        let recording = try String(contentsOfFile: packageRoot + "/\(archiveRecordings)/contract-example.jsonl", encoding: .utf8)
        let run = try turboReplay(["archive", "--format", "jsonl", "-"], input: recording)
        #expect(run.status == 0)
        #expect(run.stdout == Self.contractOutput)
    }

    @Test("text by default: the settings, then a table")
    func text() throws {
        let run = try turboReplay(["archive", "\(archiveRecordings)/contract-example.jsonl"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "ios: debounce 2000 ms, stale 86400000 ms, strip mobile_offline, mobile_app_v2")
        #expect(lines.count == 7)
        #expect(lines.last == "        9900  passed    https://app.example.com/courses/1 → −1005 is not −1009: the error view shows (the cache held the page)")
    }

    @Test("an Android recording is refused, saying why, with exit 65 and nothing on standard output")
    func android() throws {
        let run = try turboReplay(["archive", "\(archiveRecordings)/android-refused.jsonl"])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "turbo-replay: error: \(archiveRecordings)/android-refused.jsonl:1: the web-archive cache is iOS-only "
                + #"(WKWebView's createWebArchiveData; Android's WebView caches through another API), and this recording's meta says "platform":"android""#
                + "\n")
        let config = try temporaryRecording("android.config.json", [#"{"platform":"android"}"#])
        let byConfig = try turboReplay(["archive", "--config", config, "\(archiveRecordings)/contract-example.jsonl"])
        #expect(byConfig.status == 65)
        #expect(byConfig.stderr.contains(#"and the config says "platform":"android""#))
    }

    @Test("--strip-param is repeatable and replaces the default list; --debounce-ms sets the debounce")
    func stripParams() throws {
        let path = try temporaryRecording(
            "strip.jsonl",
            [
                #"{"type":"meta","version":1,"recording":"native"}"#,
                #"{"t":0,"type":"url-change","url":"https://a.example/x?utm_source=s&ref=r&mobile_offline=1"}"#,
            ])
        let defaults = try turboReplay(["archive", "--format", "jsonl", path])
        #expect(defaults.stdout == #"{"t":2000,"capture":"https://a.example/x?utm_source=s&ref=r","via":"url-change"}"# + "\n")
        let two = try turboReplay(["archive", "--format", "jsonl", "--strip-param", "utm_source", "--strip-param=ref", "--debounce-ms", "250", path])
        #expect(two.stdout == #"{"t":250,"capture":"https://a.example/x?mobile_offline=1","via":"url-change"}"# + "\n")
        let config = try temporaryRecording("strip.config.json", [#"{"archive":{"stripParams":["ref"],"debounceMs":10}}"#])
        let overConfig = try turboReplay(["archive", "--format", "jsonl", "--config", config, "--strip-param", "utm_source", path])
        #expect(overConfig.stdout == #"{"t":10,"capture":"https://a.example/x?ref=r&mobile_offline=1","via":"url-change"}"# + "\n")
    }

    @Test(
        "usage errors exit 64 and say what to type",
        arguments: [
            (["archive"], "missing the recording to replay"),
            (["archive", "--jobs", "2", "recordings/archive/offline-miss.jsonl"], "'--jobs' only applies with --summary"),
            (["archive", "--format", "json", "recordings/archive/offline-miss.jsonl"], "use --format text or --format jsonl"),
            (["archive", "--summary", "--format", "jsonl", "recordings/archive"], "use --format text or --format json"),
            (["archive", "--summary"], "missing the logs to summarise"),
            (["archive", "--stale-ms", "-1", "recordings/archive/offline-miss.jsonl"], "'--stale-ms' takes a number of milliseconds"),
            (["archive", "--strip-param"], "'--strip-param' needs a value"),
        ])
    func usage(_ arguments: [String], _ hint: String) throws {
        let run = try turboReplay(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(hint))
    }

    @Test("a malformed line exits 65 naming file and line, after what was decided before it; a web recording is refused")
    func malformed() throws {
        let path = try temporaryRecording(
            "bad.jsonl",
            [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
                #"{"t":1,"type":"finish","url":"https://a.example/"}"#,
                #"{"t":2,"type":"presented","surface":"s","error":{"kind":"web","code":-1009},"url":null}"#,
            ])
        let run = try turboReplay(["archive", "--format", "jsonl", path])
        #expect(run.status == 65)
        #expect(run.stdout == #"{"t":1,"capture":"https://a.example/","via":"finish"}"# + "\n")
        #expect(run.stderr == #"turbo-replay: error: \#(path):3: "url" on "presented" must be a string (the visit that failed), or absent"# + "\n")
        #expect(try turboReplay(["archive", "recordings/chromium/flap-short.jsonl"]).status == 65)
        #expect(try turboReplay(["archive", "recordings/archive/no-such.jsonl"]).status == 66)
    }

    @Test("--help names every option and the exit statuses")
    func help() throws {
        let run = try turboReplay(["archive", "--help"])
        #expect(run.status == 0)
        for option in ["--format", "--summary", "--jobs", "--all", "--lenient", "--config", "--debounce-ms", "--stale-ms", "--strip-param NAME"] {
            #expect(run.stdout.contains(option))
        }
        #expect(run.stdout.contains("65 malformed recording or config (or an Android one)"))
        #expect(try turboReplay(["--help"]).stdout.contains("  archive "))
    }

    @Test("--summary over recordings/archive/: the what-if, the logs to open, the same for any --jobs")
    func summary() throws {
        let one = try turboReplay(["archive", "--summary", "--jobs", "1", archiveRecordings])
        let two = try turboReplay(["archive", "--summary", "--jobs", "2", archiveRecordings])
        #expect(one.status == 0)
        #expect(one.stdout == two.stdout)
        let lines = one.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "logs: 17 read, 0 malformed, 0 unreadable, 1 android (skipped: the cache is iOS-only)")
        #expect(lines.contains("  stale-archive    warning     1  recordings/archive/stale-archive.jsonl"))
        let json = try turboReplay(["archive", "--summary", "--format", "json", archiveRecordings])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix(#"{"logs":17,"malformed":0,"unreadable":0,"android":1,"web":0,"#))
    }

    @Test("--summary: a malformed log exits 65 and the rest still count")
    func summaryMalformed() throws {
        let directory = try Fixtures.scratchDirectory()
        try Data(#"{"type":"meta","version":1,"recording":"native"}\#n{"t":1,"type":"cache-remove"}\#n"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/bad.jsonl"))
        try FileManager.default.copyItem(atPath: packageRoot + "/\(archiveRecordings)/offline-miss.jsonl", toPath: directory + "/good.jsonl")
        let run = try turboReplay(["archive", "--summary", directory])
        #expect(run.status == 65)
        #expect(run.stdout.hasPrefix("logs: 1 read, 1 malformed, 0 unreadable\n"))
        #expect(run.stderr.contains("\(directory)/bad.jsonl:2: missing \"url\" on \"cache-remove\""))
    }

    @Test("explain on an iOS log with navigation records adds the cache's findings, and exits 1 for a warning among them")
    func explain() throws {
        let found = try turboReplay(["explain", "--format", "jsonl", "\(archiveRecordings)/not-intercepted.jsonl"])
        #expect(found.status == 1)
        #expect(
            found.stdout == """
                {"t":4000,"finding":"not-intercepted","level":"warning","line":3,"url":"https://app.example.com/courses/1","key":"https://app.example.com/courses/1","code":-1005,"capturedAt":1000,"message":"the cache held https://app.example.com/courses/1 (captured at 1000), but −1005 is not −1009: the error view showed"}
                {"t":9000,"finding":"not-intercepted","level":"warning","line":4,"url":"https://app.example.com/courses/1?mobile_offline=1","key":"https://app.example.com/courses/1","turbo":"timeout","capturedAt":1000,"message":"the cache held https://app.example.com/courses/1 (captured at 1000), but Turbo timeout is not −1009: the error view showed"}
                {"summary":{"records":4,"end":9000,"findings":{"not-intercepted":2},"levels":{"warning":2,"info":0},"skippedLines":0}}

                """)
        let clean = try turboReplay(["explain", "\(archiveRecordings)/not-intercepted-absent.jsonl"])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("archive cache (ios: debounce 2000 ms, stale 86400000 ms, strip mobile_offline, mobile_app_v2)"))
        #expect(clean.stdout.hasSuffix("archive: 1 served, 0 missed, 2 passed (0 cached); 1 archive at the end\nno archive findings\n"))
        // Misses are the cache's designed answer (info): they alone pass, unless --fail-on info.
        let text = try turboReplay(["native", "--explain", "\(archiveRecordings)/offline-miss.jsonl"])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "        5000      3  finding      offline-miss (info) never-visited: no earlier finish or url-change had https://app.example.com/grades"))
        #expect(try turboReplay(["native", "--explain", "--fail-on", "info", "\(archiveRecordings)/offline-miss.jsonl"]).status == 1)
    }

    @Test("explain on a log without navigation records, or an Android one, is what it was")
    func explainUnchanged() throws {
        let before = try turboReplay(["explain", "recordings/native/contract-example.jsonl"])
        #expect(before.status == 0)
        // The retry policy's part only: its probe retry at 20600 comes after the log's end (9100).
        #expect(
            before.stdout == """
                android: settle 400 ms, probe 2500 ms, cooldown 15000 ms
                after the log ended at 9100 (not held against the app, no findings):
                      t (ms)  surface       decision        detail
                       20600  tab:home      retry (auto)    probe: presented on a healthy path, no edge will come
                no app-retry lines in recordings/native/contract-example.jsonl: nothing to compare

                """)
        let android = try turboReplay(["explain", "\(archiveRecordings)/android-refused.jsonl"])
        #expect(android.status == 0)
        #expect(android.stdout.hasSuffix("archive cache: not replayed, it is iOS-only and this log is android\n"))
    }
}
