import Foundation
import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// A malformed native recording and the error it must give (native-error-policy.md, "Malformed").
struct MalformedCase: CustomTestStringConvertible, Sendable {
    let name: String
    let lines: [String]
    let line: Int?
    let message: String
    var testDescription: String { name }
}

private func after(_ record: String) -> [String] { [androidMeta, #"{"t":0,"type":"path","online":false}"#, record] }
private func presented(_ error: String) -> [String] {
    after(#"{"t":10,"type":"presented","surface":"sheet","error":\#(error)}"#)
}

extension MalformedCase {
    static let all: [MalformedCase] = [
        .init(
            name: "missing meta", lines: [#"{"t":0,"type":"path","online":false}"#], line: 1,
            message: #"missing "meta": a native recording starts with {"type":"meta","version":1,"recording":"native"}, not a "path" record"#),
        .init(
            name: "no records at all", lines: [""], line: nil,
            message: #"missing "meta": a native recording starts with {"type":"meta","version":1,"recording":"native"} (the file has no records)"#),
        .init(
            name: "a web recording's meta", lines: [#"{"type":"meta","version":1,"source":"chromium"}"#], line: 1,
            message: #"not a native recording: its "meta" has no "recording":"native" (a web recording? replay it with turbo-replay replay)"#),
        .init(
            name: "misplaced meta", lines: after(androidMeta), line: 3,
            message: #"misplaced "meta": only the first record of a recording may be its meta"#),
        .init(
            name: "version other than 1", lines: [#"{"type":"meta","version":2,"recording":"native"}"#], line: 1,
            message: #""version" must be 1, the only version this reader knows"#),
        .init(
            name: "unknown platform", lines: [#"{"type":"meta","version":1,"recording":"native","platform":"windows"}"#], line: 1,
            message: #"unknown "platform" "windows": expected "ios" or "android""#),
        .init(
            name: "platform not a string", lines: [#"{"type":"meta","version":1,"recording":"native","platform":true}"#], line: 1,
            message: #""platform" must be "ios" or "android""#),
        .init(name: "t missing", lines: after(#"{"type":"foreground"}"#), line: 3, message: #"missing "t""#),
        .init(name: "t not a number", lines: after(#"{"t":"5","type":"foreground"}"#), line: 3, message: #""t" must be a finite number"#),
        .init(
            name: "t going backwards", lines: [androidMeta, #"{"t":10,"type":"path","online":false}"#, #"{"t":9.5,"type":"foreground"}"#],
            line: 3, message: #""t" goes back in time: 9.5 after 10"#),
        .init(
            name: "online not a boolean", lines: after(#"{"t":1,"type":"path","online":"true"}"#), line: 3,
            message: #""online" must be a boolean (true or false)"#),
        .init(
            name: "online null", lines: after(#"{"t":1,"type":"path","online":null}"#), line: 3,
            message: #""online" must be a boolean (true or false)"#),
        .init(
            name: "online missing", lines: after(#"{"t":1,"type":"path"}"#), line: 3,
            message: #"missing "online" (a "path" record says whether the app is online)"#),
        .init(
            name: "unknown error kind", lines: presented(#"{"kind":"dns"}"#), line: 3,
            message: #"unknown "error.kind" "dns": expected "http", "web", "ssl" or "load""#),
        .init(
            name: "web with both code and turbo", lines: presented(#"{"kind":"web","code":-2,"turbo":"timeout"}"#), line: 3,
            message: #"a "web" error has "code" or "turbo", not both"#),
        .init(
            name: "web with neither code nor turbo", lines: presented(#"{"kind":"web"}"#), line: 3,
            message: #"a "web" error needs "code" (the platform's own error code) or "turbo" ("networkFailure" or "timeout")"#),
        .init(
            name: "non-integer status", lines: presented(#"{"kind":"http","status":503.5}"#), line: 3,
            message: #""error.status" must be an integer (the HTTP status)"#),
        .init(
            name: "status as a string", lines: presented(#"{"kind":"http","status":"503"}"#), line: 3,
            message: #""error.status" must be an integer (the HTTP status)"#),
        .init(
            name: "non-integer code", lines: presented(#"{"kind":"web","code":-2.0}"#), line: 3,
            message: #""error.code" must be an integer (the platform's own error code)"#),
        .init(
            name: "unknown turbo value", lines: presented(#"{"kind":"web","turbo":"offline"}"#), line: 3,
            message: #""error.turbo" must be "networkFailure" or "timeout""#),
        .init(
            name: "error not an object", lines: presented(#""timeout""#), line: 3,
            message:
                #""error" must be an object; one of: {"kind":"http","status":503}, {"kind":"web","code":-1009}, {"kind":"web","turbo":"networkFailure"} or "timeout", {"kind":"ssl"}, {"kind":"load"}"#
        ),
        .init(name: "surface missing", lines: after(#"{"t":1,"type":"dismissed"}"#), line: 3, message: #"missing "surface" on "dismissed""#),
        .init(
            name: "presented url null", lines: after(#"{"t":1,"type":"presented","surface":"s","error":{"kind":"load"},"url":null}"#), line: 3,
            message: #""url" on "presented" must be a string (the visit that failed), or absent"#),
        .init(
            name: "launch cold not a boolean", lines: after(#"{"t":1,"type":"launch","cold":"yes"}"#), line: 3,
            message: #""cold" on "launch" must be a boolean (true or false)"#),
        .init(
            name: "launch cold null", lines: after(#"{"t":1,"type":"launch","cold":null}"#), line: 3,
            message: #""cold" on "launch" must be a boolean (true or false)"#),
        .init(
            name: "config offseason a string", lines: after(#"{"t":1,"type":"config","offseason":"true"}"#), line: 3,
            message: #""offseason" on "config" must be a boolean (true or false)"#),
        .init(
            name: "config tester null", lines: after(#"{"t":1,"type":"config","offseason":true,"tester":null}"#), line: 3,
            message: #""tester" on "config" must be a boolean (true or false)"#),
        .init(
            name: "bridge without event", lines: after(#"{"t":1,"type":"bridge","component":"page-load"}"#), line: 3,
            message: #"missing "event" on "bridge" (a string: the message, e.g. "connect")"#),
        .init(
            name: "bridge component not a string", lines: after(#"{"t":1,"type":"bridge","component":null,"event":"connect"}"#), line: 3,
            message: #""component" on "bridge" must be a string (the bridge component, e.g. "page-load")"#),
        .init(
            name: "app-screen screen not a string", lines: after(#"{"t":1,"type":"app-screen","screen":1}"#), line: 3,
            message: #""screen" on "app-screen" must be a string (loading, web, offseason or error)"#),
        .init(name: "launch without t", lines: after(#"{"type":"launch"}"#), line: 3, message: #"missing "t""#),
        .init(
            name: "config without offseason", lines: after(#"{"t":1,"type":"config","tester":true}"#), line: 3,
            message: #"missing "offseason" (a boolean) on "config""#),
        .init(
            name: "config offseason null", lines: after(#"{"t":1,"type":"config","offseason":null}"#), line: 3,
            message: #""offseason" on "config" must be a boolean (true or false)"#),
        .init(
            name: "config tester not a boolean", lines: after(#"{"t":1,"type":"config","offseason":false,"tester":1}"#), line: 3,
            message: #""tester" on "config" must be a boolean (true or false)"#),
        .init(
            name: "bridge without component", lines: after(#"{"t":1,"type":"bridge","event":"connect"}"#), line: 3,
            message: #"missing "component" on "bridge" (a string: the bridge component, e.g. "page-load")"#),
        .init(
            name: "bridge event not a string", lines: after(#"{"t":1,"type":"bridge","component":"page-load","event":7}"#), line: 3,
            message: #""event" on "bridge" must be a string (the message, e.g. "connect")"#),
        .init(
            name: "app-screen without screen", lines: after(#"{"t":1,"type":"app-screen"}"#), line: 3,
            message: #"missing "screen" on "app-screen" (a string: loading, web, offseason or error)"#),
        .init(
            name: "finish without url", lines: after(#"{"t":1,"type":"finish"}"#), line: 3,
            message: #"missing "url" on "finish" (a string: the page that finished loading)"#),
        .init(
            name: "url-change url not a string", lines: after(#"{"t":1,"type":"url-change","url":["/"]}"#), line: 3,
            message: #""url" on "url-change" must be a string (the web view's new URL)"#),
        .init(
            name: "cache-remove without url", lines: after(#"{"t":1,"type":"cache-remove"}"#), line: 3,
            message: #"missing "url" on "cache-remove" (a string: the page removed from the cache)"#),
        .init(
            name: "presented url a number", lines: after(#"{"t":1,"type":"presented","surface":"s","error":{"kind":"web","code":-1009},"url":7}"#),
            line: 3, message: #""url" on "presented" must be a string (the visit that failed), or absent"#),
        .init(
            name: "finish url null", lines: after(#"{"t":1,"type":"finish","url":null}"#), line: 3,
            message: #""url" on "finish" must be a string (the page that finished loading)"#),
        .init(
            name: "url-change without url", lines: after(#"{"t":1,"type":"url-change"}"#), line: 3,
            message: #"missing "url" on "url-change" (a string: the web view's new URL)"#),
        .init(
            name: "cache-remove url not a string", lines: after(#"{"t":1,"type":"cache-remove","url":{"href":"/"}}"#), line: 3,
            message: #""url" on "cache-remove" must be a string (the page removed from the cache)"#),
        .init(
            name: "startedAt a number", lines: [#"{"type":"meta","version":1,"recording":"native","startedAt":1764583199000}"#],
            line: 1, message: #""startedAt" must be a string: the wall-clock time of t = 0, e.g. "2026-12-01T09:59:59.000Z""#),
        .init(
            name: "startedAt null", lines: [#"{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":null}"#],
            line: 1, message: #""startedAt" must be a string: the wall-clock time of t = 0, e.g. "2026-12-01T09:59:59.000Z""#),
        .init(
            name: "app-retry kind unknown", lines: after(#"{"t":1,"type":"app-retry","surface":"sheet","kind":"automatic"}"#), line: 3,
            message: #""kind" on "app-retry" must be "auto" or "manual""#),
    ]
}

@Suite("Native recording reader")
struct NativeReaderTests {
    @Test("a malformed line stops the replay with file:line and what is wrong", arguments: MalformedCase.all)
    func malformed(_ c: MalformedCase) throws {
        let path = try temporaryRecording("bad.jsonl", c.lines)
        #expect {
            _ = try nativeTimeline(path: path)
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.kind == .malformed && error.line == c.line && error.message == c.message
                && error.description == (c.line.map { "\(path):\($0): \(c.message)" } ?? "\(path): \(c.message)")
        }
    }

    @Test("well-formed records decode to what they say; other types and extra fields are kept as observed")
    func decodes() throws {
        let path = try temporaryRecording(
            "ok.jsonl",
            [
                androidMeta,
                "",
                #"{"t":0,"type":"path","online":true,"transport":"wifi"}"#,
                #"{"t":1,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-2}}"#,
                #"{"t":2,"type":"presented","surface":"sheet","error":{"kind":"web","turbo":"networkFailure"},"url":"https://a.example/x"}"#,
                #"{"t":3,"type":"presented","surface":"modal","error":{"kind":"http","status":401}}"#,
                #"{"t":4,"type":"presented","surface":"auth","error":{"kind":"ssl","extra":1}}"#,
                #"{"t":5,"type":"presented","surface":"live-card","error":{"kind":"load"}}"#,
                #"{"t":6,"type":"tap-retry","surface":"sheet"}"#,
                #"{"t":7,"type":"dismissed","surface":"modal"}"#,
                #"{"t":8,"type":"foreground"}"#,
                #"{"t":9,"type":"app-retry","surface":"sheet","kind":"manual"}"#,
                #"{"t":9,"type":"turbo:visit","url":"/"}"#,
                #"{"t":10,"type":"launch"}"#,
                #"{"t":10,"type":"launch","cold":false}"#,
                #"{"t":11,"type":"config","offseason":true}"#,
                #"{"t":11,"type":"config","offseason":false,"tester":true}"#,
                #"{"t":12,"type":"bridge","component":"page-load","event":"connect","data":{}}"#,
                #"{"t":13,"type":"app-screen","screen":"web"}"#,
                #"{"t":14,"type":"finish","url":"https://a.example/"}"#,
                #"{"t":14,"type":"url-change","url":"https://a.example/"}"#,
                #"{"t":15,"type":"cache-remove","url":"https://a.example/"}"#,
                #"{"t":16,"type":"cache-clear"}"#,
            ])
        let reader = try NativeRecordingReader(path: path)
        var events: [NativeRecord.Event] = []
        while let record = try reader.next() { events.append(record.event) }
        let expected: [NativeRecord.Event] = [
            .meta(NativeMeta(version: 1, platform: .android)),
            .timed(t: 0, .path(online: true)),
            .timed(t: 1, .presented(Presented(surface: "tab:home", error: .web(.code(-2))))),
            .timed(t: 2, .presented(Presented(surface: "sheet", error: .web(.turbo(.networkFailure)), url: "https://a.example/x"))),
            .timed(t: 3, .presented(Presented(surface: "modal", error: .http(status: 401)))),
            .timed(t: 4, .presented(Presented(surface: "auth", error: .ssl))),
            .timed(t: 5, .presented(Presented(surface: "live-card", error: .load))),
            .timed(t: 6, .tapRetry(surface: "sheet")),
            .timed(t: 7, .dismissed(surface: "modal")),
            .timed(t: 8, .foreground),
            .timed(t: 9, .appRetry(AppRetry(surface: "sheet", kind: .manual))),
            .timed(t: 9, .observed(type: "turbo:visit")),
            .timed(t: 10, .launch(cold: true)),
            .timed(t: 10, .launch(cold: false)),
            .timed(t: 11, .config(offseason: true, tester: false)),
            .timed(t: 11, .config(offseason: false, tester: true)),
            .timed(t: 12, .bridge(component: "page-load", event: "connect")),
            .timed(t: 13, .appScreen("web")),
            .timed(t: 14, .finish(url: "https://a.example/")),
            .timed(t: 14, .urlChange(url: "https://a.example/")),
            .timed(t: 15, .cacheRemove(url: "https://a.example/")),
            .timed(t: 16, .cacheClear),
        ]
        #expect(events.count == expected.count)
        for (event, want) in zip(events, expected) {
            #expect(event == want)
        }
    }

    @Test("lenient: a malformed line is skipped and counted; the replay goes on")
    func lenient() throws {
        let path = try temporaryRecording(
            "lenient.jsonl",
            [
                androidMeta,
                #"{"t":0,"type":"path","online":1}"#,
                #"{"t":20,"type":"presented","surface":"sheet","error":{"kind":"web","code":-2}}"#,
            ])
        var skipped: [RecordingError] = []
        let reader = try NativeRecordingReader(path: path, lenient: true) { skipped.append($0) }
        var timeline: [Decision] = []
        try replayNative(reader) { timeline.append($0) }
        #expect(timeline == [Decision(t: 20, surface: "sheet", outcome: .view(.offline))])
        #expect(reader.skipped == 1)
        #expect(skipped.map(\.line) == [2])
    }

    @Test("not a cut: a broken line with its newline, a last line that parses but breaks the format")
    func noTruncationHint() throws {
        let broken = try Fixtures.file(androidMeta + "\n" + #"{"t":20,"type":"pres"# + "\n", name: "broken.jsonl")
        #expect(throws: RecordingError(.malformed, path: broken, line: 2, "not valid JSON: unexpected end of data")) {
            _ = try nativeTimeline(path: broken)
        }
        let unterminated = try Fixtures.file(androidMeta + "\n" + #"{"t":20,"type":"path"}"#, name: "whole.jsonl")
        #expect(
            throws: RecordingError(
                .malformed, path: unterminated, line: 2,
                #"missing "online" (a "path" record says whether the app is online)"#)
        ) {
            _ = try nativeTimeline(path: unterminated)
        }
        let fine = try Fixtures.file(androidMeta + "\n" + #"{"t":20,"type":"presented","surface":"s","error":{"kind":"load"}}"#, name: "fine.jsonl")
        #expect(try nativeTimeline(path: fine).map(\.jsonLine) == [#"{"t":20,"surface":"s","view":"server"}"#])
    }

    @Test("a native meta may carry startedAt, the wall clock of t = 0; the reader hands it on as written")
    func startedAt() throws {
        let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T09:59:59.000Z"}"#
        let path = try temporaryRecording("started.jsonl", [meta, #"{"t":0,"type":"path","online":false}"#])
        let reader = try NativeRecordingReader(path: path)
        #expect(reader.startedAt == nil)
        _ = try reader.next()
        #expect(reader.startedAt == "2026-12-01T09:59:59.000Z")
        #expect(reader.meta == NativeMeta(version: 1, platform: .ios, startedAt: "2026-12-01T09:59:59.000Z"))
        // Its form is the aligning tool's business, not the reader's; without it, nil.
        let odd = try temporaryRecording("odd.jsonl", [#"{"type":"meta","version":1,"recording":"native","startedAt":"yesterday"}"#])
        let oddReader = try NativeRecordingReader(path: odd)
        _ = try oddReader.next()
        #expect(oddReader.startedAt == "yesterday")
        let none = try NativeRecordingReader(path: nativeRecordings + "/contract-example.jsonl")
        _ = try none.next()
        #expect(none.startedAt == nil)
    }

    @Test("a bridge record may carry the message's url and id; no policy reads them")
    func bridgeURLAndID() throws {
        let path = try temporaryRecording(
            "bridge.jsonl",
            [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":900,"type":"bridge","component":"page-load","event":"connect","url":"https://app.example.com/","id":"7"}"#,
                #"{"t":950,"type":"bridge","component":"page-load","event":"connect","url":null,"id":7}"#,
            ])
        let reader = try NativeRecordingReader(path: path)
        var events: [NativeRecord.Event] = []
        while let record = try reader.next() { events.append(record.event) }
        #expect(
            events == [
                .meta(NativeMeta(version: 1, platform: .ios)),
                .timed(t: 0, .launch(cold: true)),
                .timed(t: 900, .bridge(component: "page-load", event: "connect")),
                .timed(t: 950, .bridge(component: "page-load", event: "connect")),
            ])
        #expect(
            try launchTimeline(path: path).map(\.jsonLine) == [
                #"{"t":0,"screen":"loading","cause":"launch"}"#,
                #"{"t":900,"screen":"web","cause":"page-load"}"#,
                #"{"t":900,"launch":"ready","launchMs":900}"#,
            ])
    }

    @Test("lenient never skips the meta: without it there is no native recording")
    func lenientKeepsMeta() throws {
        let path = try temporaryRecording("nometa.jsonl", [#"{"t":0,"type":"path","online":false}"#])
        #expect(throws: RecordingError.self) { _ = try nativeTimeline(path: path, lenient: true) }
    }

    @Test("the web reader refuses a native recording with a hint, even lenient")
    func webReaderRefusesNative() throws {
        let path = nativeRecordings + "/contract-example.jsonl"
        for lenient in [false, true] {
            #expect {
                _ = try replayTimeline(path: path, lenient: lenient)
            } throws: { error in
                (error as? RecordingError)?.description
                    == #"\#(path):1: a native recording ("recording":"native"): the app's log is read by turbo-replay native, launch and archive, and its findings by explain"#
            }
        }
    }

    @Test("a recording is native exactly when its first record is a native meta")
    func detection() throws {
        #expect(try isNativeRecording(path: nativeRecordings + "/contract-example.jsonl"))
        #expect(try !isNativeRecording(path: packageRoot + "/recordings/chromium/flap-short.jsonl"))
        let later = try temporaryRecording("later.jsonl", [#"{"t":0,"type":"online"}"#, androidMeta])
        #expect(try !isNativeRecording(path: later))
        let broken = try temporaryRecording("broken.jsonl", ["{not json"])
        #expect(try !isNativeRecording(path: broken))
    }
}

@Suite("Native settings: meta, config, options")
struct NativeConfigTests {
    @Test("the platform: a setting over the meta, the meta over the default (ios)")
    func platform() {
        #expect(NativeConfig().settings(recorded: nil) == PolicySettings(platform: .ios))
        #expect(NativeConfig().settings(recorded: .android) == PolicySettings(platform: .android))
        #expect(NativeConfig(platform: .ios).settings(recorded: .android) == PolicySettings(platform: .ios))
        #expect(NativeConfig(platform: .ios).settings(recorded: .android).cooldown == nil)
    }

    @Test("durations and the cooldown are settings; a config file sets them, null meaning no cooldown")
    func config() throws {
        let path = try temporaryRecording("native.config.json", [#"{"platform":"android","settleMs":100,"probeMs":1000,"cooldownMs":null}"#])
        let config = try NativeConfig.load(path: path)
        #expect(config.settings(recorded: .ios) == PolicySettings(platform: .android, settle: 100, probe: 1000, cooldown: nil))
        let options = NativeConfig(cooldown: .milliseconds(3000))
        #expect(config.overridden(by: options).settings(recorded: nil).cooldown == 3000)
    }

    @Test("a config with an unknown key is an error naming it")
    func unknownKey() throws {
        let path = try temporaryRecording("typo.config.json", [#"{"cooldown":5000}"#])
        #expect {
            _ = try NativeConfig.load(path: path)
        } throws: { error in
            (error as? RecordingError)?.message
                == #"unknown key "cooldown" (expected one of: archive, cooldownMs, launch, offlineCodes, platform, probeMs, settleMs, toleranceMs, variant)"#
        }
    }

    @Test("the launch's settings sit under their own key, each optional, and options override them")
    func launchConfig() throws {
        let path = try temporaryRecording("launch.config.json", [#"{"platform":"android","launch":{"stallMs":2500,"toleranceMs":750}}"#])
        let config = try NativeConfig.load(path: path)
        #expect(config.launch == LaunchConfig(stall: 2500, tolerance: 750))
        #expect(config.overridden(by: NativeConfig(launch: LaunchConfig(tolerance: 100))).launch == LaunchConfig(stall: 2500, tolerance: 100))
        let partial = try temporaryRecording("partial.config.json", [#"{"launch":{}}"#])
        #expect(try NativeConfig.load(path: partial).launch == LaunchConfig())
    }

    @Test(
        "a bad launch setting is an error naming it",
        arguments: [
            (#"{"launch":{"stall":5000}}"#, #"in "launch": unknown key "stall" (expected one of: stallMs, toleranceMs)"#),
            (#"{"launch":{"stallMs":-1}}"#, #""launch.stallMs" must be a number of milliseconds, 0 or more"#),
            (#"{"launch":{"toleranceMs":"500"}}"#, #""launch.toleranceMs" must be a number of milliseconds, 0 or more"#),
            (#"{"launch":10000}"#, #""launch" must be an object: {"stallMs": 10000, "toleranceMs": 500}"#),
        ])
    func badLaunchConfig(_ text: String, _ message: String) throws {
        let path = try temporaryRecording("bad.config.json", [text])
        #expect {
            _ = try NativeConfig.load(path: path)
        } throws: { error in
            (error as? RecordingError)?.message == message
        }
    }

    @Test("offlineCodes replaces the default list of each platform it names; the variant names a rule change")
    func offlineCodesAndVariant() throws {
        let path = try temporaryRecording("codes.config.json", [#"{"offlineCodes":{"android":[-6,-2]},"variant":"probe-once"}"#])
        let config = try NativeConfig.load(path: path)
        #expect(config.offlineCodes == [.android: [-6, -2]])
        #expect(config.variant == .probeOnce)
        let android = config.settings(recorded: .android)
        #expect(android.offlineCodes == OfflineCodes(ios: Platform.ios.offlineWebCodes, android: [-6, -2]))
        #expect(android.variants == [.probeOnce])
        #expect(android.classify(.web(.code(-6))) == .offline)
        #expect(android.classify(.web(.code(-8))) == .server)
        // iOS keeps its default list; the launch classifies with the same lists.
        #expect(config.settings(recorded: .ios).classify(.web(.code(-1009))) == .offline)
        #expect(config.launchSettings(recorded: .android).offlineCodes == android.offlineCodes)
        // Options override a platform's list, and leave the other platform's as the file set it.
        let options = NativeConfig(offlineCodes: [.ios: []])
        #expect(config.overridden(by: options).offlineCodes == [.android: [-6, -2], .ios: []])
        #expect(config.overridden(by: options).settings(recorded: .ios).classify(.web(.code(-1009))) == .server)
        #expect(NativeConfig().settings(recorded: .ios).offlineCodes == .defaults)
        #expect(NativeConfig().settings(recorded: .ios).variants.isEmpty)
        let empty = try temporaryRecording("empty-codes.config.json", [#"{"offlineCodes":{"ios":[]}}"#])
        #expect(try NativeConfig.load(path: empty).offlineCodes == [.ios: []])
    }

    @Test(
        "a bad offlineCodes or variant is an error naming the file and the value",
        arguments: [
            (#"{"offlineCodes":[-1009]}"#, #""offlineCodes" must be an object of code lists by platform: {"ios": [-1009, -1005], "android": [-1, -2]}"#),
            (#"{"offlineCodes":{"windows":[-1]}}"#, #"in "offlineCodes": unknown key "windows" (expected one of: android, ios)"#),
            (#"{"offlineCodes":{"ios":-1009}}"#, #""offlineCodes.ios" must be an array of integers (the platform's own web error codes)"#),
            (#"{"offlineCodes":{"android":null}}"#, #""offlineCodes.android" must be an array of integers (the platform's own web error codes)"#),
            (#"{"offlineCodes":{"android":[-2,-7.0]}}"#, #""offlineCodes.android[1]" must be an integer (a number written without a fraction or an exponent)"#),
            (#"{"offlineCodes":{"ios":[-1e3]}}"#, #""offlineCodes.ios[0]" must be an integer (a number written without a fraction or an exponent)"#),
            (#"{"offlineCodes":{"ios":["-1009"]}}"#, #""offlineCodes.ios[0]" must be an integer (a number written without a fraction or an exponent)"#),
            (#"{"variant":"probe-twice"}"#, #""variant" must be one of: probe-once (v1 is the default: leave it out)"#),
            (#"{"variant":"recover-on-response"}"#, #""variant" must be one of: probe-once (v1 is the default: leave it out)"#),
        ])
    func badOfflineCodes(_ text: String, _ message: String) throws {
        let path = try temporaryRecording("bad-codes.config.json", [text])
        #expect(throws: RecordingError(.malformed, path: path, line: nil, message)) {
            _ = try NativeConfig.load(path: path)
        }
    }

    @Test("replaying the contract's example as iOS: the Android code −2 is just a code there")
    func platformOverride() throws {
        let timeline = try nativeTimeline(path: nativeRecordings + "/contract-example.jsonl", config: NativeConfig(platform: .ios))
        #expect(
            timeline == [
                Decision(t: 120, surface: "tab:home", outcome: .view(.server)),
                Decision(t: 5600.5, surface: "tab:home", outcome: .view(.offline)),
                Decision(t: 6000, surface: "sheet", outcome: .view(.server)),
                Decision(t: 8100.5, surface: "tab:home", outcome: .retry(.automatic(.probe))),
                Decision(t: 9000, surface: "sheet", outcome: .retry(.manual)),
            ])
    }
}
