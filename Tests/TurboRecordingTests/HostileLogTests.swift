import Foundation
import NativeErrorPolicy
import OfflineBanner
import Testing
import TurboRecording

@testable import TestSupport

/// Issue #20, the reading side: a hostile log never loses data silently. Each case here was
/// read without an error before, and lost or changed something.
@Suite struct HostileLogTests {
    static func web(_ bytes: [UInt8], lenient: Bool = false) -> (records: [Record], errors: [String]) {
        var errors: [String] = []
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "hostile.jsonl"), lenient: lenient) { errors.append("skipped " + $0.description) }
        var records: [Record] = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch {
            errors.append("\(error)")
        }
        if lenient { #expect(reader.skipped == errors.filter { $0.hasPrefix("skipped ") }.count) }
        return (records, errors)
    }

    static func native(_ bytes: [UInt8], lenient: Bool = false) -> (records: [NativeRecord], errors: [String]) {
        var errors: [String] = []
        let reader = NativeRecordingReader(lines: JSONLines(bytes: bytes, name: "hostile.jsonl"), lenient: lenient) {
            errors.append("skipped " + $0.description)
        }
        var records: [NativeRecord] = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch {
            errors.append("\(error)")
        }
        return (records, errors)
    }

    static func lines(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    static func nativeLines(_ records: [String]) -> [UInt8] { lines([androidMeta] + records) }

    // MARK: 3. A raw NUL after a complete object

    @Test func nulAfterAnObjectIsRefusedNotDropped() {
        let bytes = Array(#"{"t":1,"type":"offline"}"#.utf8) + [0] + Array(#"{"t":350,"type":"online"}"#.utf8) + [0x0A]
        #expect(Self.web(bytes).errors == ["hostile.jsonl:1: not valid JSON: NUL byte at column 25"])
        let lenient = Self.web(bytes + Self.lines([#"{"t":400,"type":"online"}"#]), lenient: true)
        #expect(lenient.records.map(\.line) == [2])
        #expect(lenient.errors == ["skipped hostile.jsonl:1: not valid JSON: NUL byte at column 25"])

        let native =
            Self.nativeLines([#"{"t":1,"type":"path","online":false}"#]).dropLast() + [0]
            + Array(#"{"t":350,"type":"presented","surface":"s","error":{"kind":"load"}}"#.utf8) + [0x0A]
        #expect(Self.native(Array(native)).errors == ["hostile.jsonl:2: not valid JSON: NUL byte at column 37"])
    }

    /// json-c refuses this one itself (strict mode); kept as a guard beside the NUL case.
    @Test func moreAfterTheObjectIsRefused() {
        let line = #"{"t":1,"type":"offline"} {"t":2,"type":"online"}"#
        #expect(Self.web(Self.lines([line])).errors == ["hostile.jsonl:1: not valid JSON: unexpected character"])
        #expect(Self.web(Self.lines([line, #"{"t":3,"type":"online"}"#]), lenient: true).records.map(\.line) == [2])
    }

    /// 16: the message says what is there, not "unexpected end of data".
    @Test func nulMidLineSaysWhereItIs() {
        let bytes = Array(#"{"t":1,"type":"#.utf8) + [0] + Array(#""offline"}"#.utf8) + [0x0A]
        #expect(Self.web(bytes).errors == ["hostile.jsonl:1: not valid JSON: NUL byte at column 15"])
    }

    /// The reader finds what needs a closer look in one pass over a line, sixteen bytes at a
    /// time with the last block overlapping: a NUL, an escaped NUL or bad UTF-8 is found at
    /// every position of lines of every length around those blocks, and a clean line passes.
    @Test(arguments: Array(0..<40))
    func everyPositionOfEveryLength(padding: Int) {
        let head = Array(#"{"t":1,"type":"x","u":""#.utf8), tail = Array(#""}"#.utf8)
        for position in 0...padding {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: padding)
            let column = head.count + position + 1
            #expect(Self.web(head + text + tail + [0x0A]).errors.isEmpty)
            if position < padding {
                text[position] = 0
                #expect(Self.web(head + text + tail + [0x0A]).errors == ["hostile.jsonl:1: not valid JSON: NUL byte at column \(column)"])
                text[position] = 0xFF
                #expect(Self.web(head + text + tail + [0x0A]).errors == ["hostile.jsonl:1: not valid JSON: invalid UTF-8 at column \(column)"])
                text[position] = UInt8(ascii: "a")
            }
            let escaped = head + text[..<position] + Array(#"\u0000"#.utf8) + text[position...] + tail + [0x0A]
            #expect(
                Self.web(escaped).errors
                    == [#"hostile.jsonl:1: "\u0000" (an escaped NUL) at column \#(column): a recording's text may not hold NUL characters"#])
        }
    }

    // MARK: 4. Strings cut at \u0000

    @Test func escapedNulIsRefusedInEveryString() {
        #expect(
            Self.web(Self.lines([#"{"t":1,"type":"connect","context":"tab\u0000A"}"#])).errors
                == [#"hostile.jsonl:1: "\u0000" (an escaped NUL) at column 39: a recording's text may not hold NUL characters"#])
        // An escaped backslash before `u0000` is text, not a NUL.
        let kept = Self.web(Self.lines([#"{"t":1,"type":"connect","context":"tab\\u0000A"}"#]))
        #expect(kept.errors.isEmpty)
        guard case .input(_, .connect(let context, _))? = kept.records.first?.event else {
            Issue.record("no connect")
            return
        }
        #expect(context == #"tab\u0000A"#)

        let native = Self.native(Self.nativeLines([#"{"t":1,"type":"tap-retry","surface":"tab\u0000A"}"#]))
        #expect(native.errors == [#"hostile.jsonl:2: "\u0000" (an escaped NUL) at column 41: a recording's text may not hold NUL characters"#])
        let type = Self.native(Self.nativeLines([#"{"t":1,"type":"path\u0000junk","online":true}"#]))
        #expect(type.errors.count == 1)
        // In a key too: json-c would read `t\u0000x` as a second `t`.
        #expect(Self.web(Self.lines([#"{"type":"offline","t":1,"t\u0000x":0}"#])).errors.count == 1)
    }

    // MARK: 5. Integers out of range

    @Test(arguments: [
        (#"{"kind":"http","status":18446744073709551615}"#, "error.status"),
        (#"{"kind":"http","status":99999999999999999999}"#, "error.status"),
        (#"{"kind":"http","status":9007199254740993}"#, "error.status"),
        (#"{"kind":"web","code":-99999999999999999999}"#, "error.code"),
    ])
    func outOfRangeIntegersAreRefusedNamingTheField(error: String, field: String) {
        let outcome = Self.native(Self.nativeLines([#"{"t":1,"type":"presented","surface":"s","error":\#(error)}"#]))
        #expect(outcome.errors == [#"hostile.jsonl:2: "\#(field)" is out of range: an integer must lie within ±2^53 (9007199254740992)"#])
    }

    @Test func integersUpTo2To53AreRead() {
        let outcome = Self.native(Self.nativeLines([#"{"t":1,"type":"presented","surface":"s","error":{"kind":"web","code":-9007199254740992}}"#]))
        #expect(outcome.errors.isEmpty)
        guard case .timed(_, .presented(let presented))? = outcome.records.last?.event else {
            Issue.record("no presented")
            return
        }
        #expect(presented.error == .web(.code(-9_007_199_254_740_992)))
    }

    @Test func webStatusCodeOutOfRangeIsRefused() {
        #expect(
            Self.web(Self.lines([#"{"t":1,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":18446744073709551615}}"#])).errors
                == [#"hostile.jsonl:1: "fetchResponse.statusCode" is out of range: an integer must lie within ±2^53 (9007199254740992)"#])
    }

    /// Every reader reads a submission's response; only the full one reads a response's or an
    /// observed record's status, and nothing decides on it: out of range, it is none, for all.
    @Test(arguments: [
        #"{"t":1,"type":"turbo:before-fetch-response","statusCode":-99999999999999999999}"#,
        #"{"t":1,"type":"turbo:fetch-response","statusCode":99999999999999999999}"#,
    ])
    func informativeStatusCodeOutOfRangeIsNone(line: String) {
        let full = Self.web(Self.lines([line]))
        #expect(full.errors.isEmpty)
        switch full.records.first?.event {
        case .input(_, .beforeFetchResponse(let response))?: #expect(response.statusCode == nil)
        case .observed(_, let observed)?: #expect(observed.statusCode == nil)
        default: Issue.record("\(full.records)")
        }
        for (keepObserved, keepDetails) in [(false, false), (true, false)] {
            let reader = RecordingReader(lines: JSONLines(bytes: Self.lines([line]), name: "x"), keepObserved: keepObserved, keepDetails: keepDetails)
            #expect(throws: Never.self) { while try reader.next() != nil {} }
        }
    }

    // MARK: 6. Times beyond 2^53 ms

    @Test(arguments: ["9007199254740993", "1e300", "-1e16", "18446744073709551615"])
    func timesBeyond2To53AreRefused(t: String) {
        let message = #""t" is out of range: a time must lie within ±2^53 ms (9007199254740992), a whole number from 2^52 on"#
        #expect(Self.web(Self.lines([#"{"t":\#(t),"type":"offline"}"#])).errors == ["hostile.jsonl:1: " + message])
        #expect(Self.native(Self.nativeLines([#"{"t":\#(t),"type":"foreground"}"#])).errors == ["hostile.jsonl:2: " + message])
    }

    @Test func timesUpTo2To53AreRead() {
        #expect(Self.web(Self.lines([#"{"t":-9007199254740992,"type":"offline"}"#, #"{"t":9007199254740992,"type":"online"}"#])).records.count == 2)
    }

    /// json-c reads a number with a fraction as the nearest double, and from 2^52 on a double
    /// has no fraction: `…991.5` would become 2^53, `…990.5` …990. Refused instead.
    @Test(arguments: ["9007199254740991.5", "9007199254740990.5", "-9007199254740990.5", "4503599627370496.5", "9.007199254740990e15"])
    func timesPast2To52WithAFractionAreRefused(t: String) {
        let message = #""t" is out of range: a time must lie within ±2^53 ms (9007199254740992), a whole number from 2^52 on"#
        #expect(Self.web(Self.lines([#"{"t":\#(t),"type":"offline"}"#])).errors == ["hostile.jsonl:1: " + message])
    }

    @Test func wholeTimesPast2To52AreReadExactly() {
        let read = Self.web(Self.lines([#"{"t":4503599627370495.5,"type":"offline"}"#, #"{"t":9007199254740991.0,"type":"online"}"#]))
        #expect(read.errors.isEmpty)
        #expect(read.records.map(\.t) == [4_503_599_627_370_495.5, 9_007_199_254_740_991])
    }

    // MARK: 15. A line is refused as soon as it passes the limit

    @Test func overlongLineIsRefusedBeforeItEnds() throws {
        // An endless line (/dev/zero on standard input) must not be read to its end: the built
        // tool, killed after 30 s (status 137), since a command reading on would stop every test.
        let run = try Fixtures.shell(#"exec "$CLI" explain - < /dev/zero > /dev/null"#, timeout: 30)
        #expect(run.status == 65, "an endless line was read on and on")
        #expect(run.stderr.contains("<stdin>:1: line is longer than 1048576 bytes"), "\(run.stderr)")
    }

    @Test func lenientReadingSkipsTheRestOfAnOverlongLine() {
        for size in [7, 4096, 1 << 16] {
            let long = Array(#"{"t":1,"type":"x","u":""#.utf8) + [UInt8](repeating: 0x61, count: 3000) + Array(#""}"#.utf8)
            let bytes = Self.lines([#"{"t":0,"type":"offline"}"#]) + long + [0x0A] + Self.lines([#"{"t":2,"type":"online"}"#])
            var errors: [RecordingError] = []
            let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "x", maxLineBytes: 1000, readBufferSize: size), lenient: true) {
                errors.append($0)
            }
            var lines: [Int] = []
            while let record = try? reader.next() { lines.append(record.line) }
            #expect(lines == [1, 3], "read buffer \(size)")
            #expect(errors.map(\.description) == ["x:2: line is longer than 1000 bytes"])
        }
    }

    // MARK: 16. One limit for LF and CRLF; a BOM at file start

    @Test func theLimitExcludesTheLineEnding() {
        let limit = 1 << 20
        let prefix = Array(#"{"t":1,"type":"x","u":""#.utf8), suffix = Array(#""}"#.utf8)
        let exact = prefix + [UInt8](repeating: 0x61, count: limit - prefix.count - suffix.count) + suffix
        for ending: [UInt8] in [[0x0A], [0x0D, 0x0A], [0x0D], []] {
            #expect(Self.web(exact + ending).errors.isEmpty, "ending \(ending)")
            #expect(Self.web(exact + [0x20] + ending).errors == ["hostile.jsonl:1: line is longer than 1048576 bytes"], "ending \(ending)")
        }
    }

    @Test func aByteOrderMarkAtFileStartIsAccepted() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(Self.web(bom + Self.lines([#"{"t":1,"type":"offline"}"#])).records.count == 1)
        #expect(Self.native(bom + Self.nativeLines([#"{"t":1,"type":"foreground"}"#])).records.count == 2)
        // Anywhere else it is not whitespace.
        #expect(Self.web(Self.lines([#"{"t":1,"type":"offline"}"#]) + bom + Self.lines([#"{"t":2,"type":"online"}"#])).errors.count == 1)
    }

    /// Found by the fuzzer: json-c's UTF-8 check lets overlong forms, surrogates and code
    /// points past U+10FFFF through, and Swift would read each as U+FFFD: a URL changed.
    @Test(
        arguments: [[0xC1, 0xA9], [0xC0, 0x80], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]] as [[UInt8]])
    func utf8ThatJsonCLetsThroughIsRefused(sequence: [UInt8]) {
        let line = Array(#"{"t":1,"type":"turbo:visit","url":"/Notes"#.utf8) + sequence + Array(#"ab"}"#.utf8) + [0x0A]
        let errors = Self.web(line).errors
        #expect(
            errors == ["hostile.jsonl:1: not valid JSON: invalid UTF-8 at column 42"], "\(errors)")
        let native = Self.native(Self.nativeLines([]) + Array(#"{"t":1,"type":"finish","url":"/Notes"#.utf8) + sequence + Array(#"ab"}"#.utf8) + [0x0A])
        #expect(native.errors.count == 1 && native.records.count == 1, "\(native)")
        // Well-formed text of every length is read as it is.
        let text = "é€😀"
        let kept = Self.web(Self.lines([#"{"t":1,"type":"connect","context":"\#(text)"}"#]))
        guard case .input(_, .connect(let context, _))? = kept.records.first?.event else {
            Issue.record("no connect: \(kept.errors)")
            return
        }
        #expect(context == text)
    }

    @Test func aWrongSurfaceNamesTheRecordType() {
        #expect(
            Self.native(Self.nativeLines([#"{"t":1,"type":"tap-retry","surface":3}"#])).errors
                == [#"hostile.jsonl:2: "surface" on "tap-retry" must be a string"#])
    }
}

/// Durations in configs are held to the same ±2^53 ms as times: a few of them added could
/// otherwise reach infinity, which no JSON line can carry (a native replay printed `"until":inf`).
@Suite struct HostileConfigTests {
    @Test func durationsBeyond2To53AreRefused() throws {
        let config = try Fixtures.file(#"{"settleMs":1.7e308,"cooldownMs":1.7e308}"#, name: "huge.config.json")
        let recording = Fixtures.root.appendingPathComponent("recordings/native/offline-before-deferred-expiry.jsonl").path
        let run = try turboReplay(["native", "--config", config, "--format", "jsonl", recording])
        #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(#"huge.config.json: "settleMs" must be a number of milliseconds, 0 or more"#), "\(run.stderr)")
        #expect(throws: RecordingError.self) { try BannerConfig.load(path: try Fixtures.file(#"{"debounceMs":1e300}"#, name: "b.config.json")) }
    }

    @Test func aConfigWithANulOrTrailingTextIsRefused() throws {
        let nul = try Fixtures.file("{\"debounceMs\":1}\u{0}{\"flashMs\":2}", name: "nul.config.json")
        #expect(throws: RecordingError(.malformed, path: nul, line: 1, "not valid JSON: NUL byte at column 17")) { try BannerConfig.load(path: nul) }
        let bom = try Fixtures.file("\u{FEFF}{\"debounceMs\":1}\n", name: "bom.config.json")
        #expect(try BannerConfig.load(path: bom).debounce == 1)
    }
}
