import Foundation
import Testing

@testable import TestSupport

/// A recording's strings (a surface, a type, an `error.kind`, a platform, a URL, a screen, a
/// target) reach every text output escaped: no ESC, BEL or bidi override reaches the terminal
/// raw, and a line end inside one cannot start a forged row.
@Suite("Recording text cannot drive the terminal")
struct TerminalSafetyTests {
    /// The characters, as JSON escapes for the recording and as scalars to look for.
    static let characters: [(json: String, scalar: Unicode.Scalar)] = [
        (#"\u001b"#, "\u{1B}"), (#"\u0007"#, "\u{7}"), (#"\u202e"#, "\u{202E}"), (#"\n"#, "\n"),
    ]

    static let iosMeta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#

    /// `x<c>FORGED`: what a row would start with, were `<c>` a raw line end.
    static func text(_ c: String) -> String { "x\(c)FORGED" }

    static func expectSafe(_ run: Fixtures.Run, _ scalar: Unicode.Scalar, _ what: String) {
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            #expect(text.contains("FORGED") || stream == "stderr" || what.contains("error"), "\(what): the text never reached \(stream)")
            if scalar == "\n" {
                #expect(!text.contains("\nFORGED"), "\(what): a line end in a recording's string starts a line of \(stream)")
            } else {
                #expect(!text.unicodeScalars.contains(scalar), "\(what): U+\(String(scalar.value, radix: 16)) reached \(stream) raw")
            }
        }
    }

    @Test("native, native --explain, explain, launch and archive on a native log", arguments: characters.indices)
    func nativeOutputs(_ index: Int) throws {
        let (json, scalar) = Self.characters[index]
        let s = Self.text(json)
        let path = try temporaryRecording(
            "native-\(index).jsonl",
            [
                Self.iosMeta,
                #"{"t":0,"type":"path","online":false}"#,
                #"{"t":10,"type":"launch"}"#,
                #"{"t":350,"type":"presented","surface":"\#(s)","error":{"kind":"web","code":-1009},"url":"https://a.example/\#(s)"}"#,
                #"{"t":370,"type":"app-screen","screen":"\#(s)"}"#,
                #"{"t":8000,"type":"path","online":true}"#,
                // Another surface than the policy's retry: a missed-retry on one, an unexpected-retry on the other.
                #"{"t":8400,"type":"app-retry","surface":"y\#(s)","kind":"auto"}"#,
            ])
        for command in [["native"], ["native", "--explain"], ["explain"], ["launch"], ["archive"]] {
            let run = try turboReplay(command + [path])
            #expect(run.status == 0 || run.status == 1, "\(command): \(run.stderr)")
            Self.expectSafe(run, scalar, command.joined(separator: " "))
        }
        let explained = try turboReplay(["native", "--explain", path])
        #expect(explained.stdout.contains("missed-retry") && explained.stdout.contains("unexpected-retry"))
    }

    @Test("explain on a web log", arguments: characters.indices)
    func webExplain(_ index: Int) throws {
        let s = Self.text(Self.characters[index].json)
        let path = try temporaryRecording(
            "web-\(index).jsonl",
            [
                #"{"t":1,"type":"connect","online":true}"#,
                #"{"t":5,"type":"turbo:visit","url":"/\#(s)","action":"advance"}"#,
                #"{"t":6,"type":"turbo:fetch-request-error","url":"http://x/\#(s)","target":"a#\#(s)","method":"GET","error":"\#(s)"}"#,
                #"{"t":7,"type":"turbo:reload","reason":"\#(s)"}"#,
            ])
        let run = try turboReplay(["explain", path])
        #expect(run.status == 1)
        Self.expectSafe(run, Self.characters[index].scalar, "explain (web)")
    }

    @Test("errors that quote a type, an error.kind or a platform", arguments: characters.indices)
    func errors(_ index: Int) throws {
        let (json, scalar) = Self.characters[index]
        let s = Self.text(json)
        let type = try temporaryRecording("type-\(index).jsonl", [#"{"t":0,"type":"\#(s)"}"#])
        let kind = try temporaryRecording(
            "kind-\(index).jsonl",
            [
                Self.iosMeta, #"{"t":5,"type":"presented","surface":"s","error":{"kind":"\#(s)"}}"#,
            ])
        let platform = try temporaryRecording(
            "platform-\(index).jsonl",
            [
                #"{"type":"meta","version":1,"recording":"native","platform":"\#(s)"}"#
            ])
        for (path, command) in [(type, "native"), (kind, "native"), (kind, "explain"), (platform, "native"), (platform, "explain")] {
            let run = try turboReplay([command, path])
            #expect(run.status == 65, "\(command) \(path): \(run.stderr)")
            #expect(run.stderr.contains("FORGED"), "\(command) \(path): the message does not quote the recording")
            Self.expectSafe(run, scalar, "\(command) error")
        }
        let lenient = try turboReplay(["native", "--lenient", kind])
        #expect(lenient.stderr.contains("FORGED"))
        Self.expectSafe(lenient, scalar, "native --lenient error")
    }
}
