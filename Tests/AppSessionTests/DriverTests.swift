import AppSession
import Foundation
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// The driver's refusals: a session that cannot be aligned, or logs given the wrong way
/// round, is an error naming the file (and the line, where there is one).
@Suite("The driver")
struct DriverTests {
    static let webMeta = #"{"type":"meta","version":1,"source":"chromium","startedAt":"2026-12-01T10:00:00.000Z"}"#
    static let nativeMeta = #"{"type":"meta","version":1,"recording":"native","platform":"ios","startedAt":"2026-12-01T09:59:59.000Z"}"#

    func files(web: String, native: String) throws -> (web: String, native: String) {
        let directory = try Fixtures.scratchDirectory()
        try web.write(toFile: directory + "/web.jsonl", atomically: false, encoding: .utf8)
        try native.write(toFile: directory + "/native.jsonl", atomically: false, encoding: .utf8)
        return (directory + "/web.jsonl", directory + "/native.jsonl")
    }

    func error(web: String, native: String, options: SessionOptions = SessionOptions()) throws -> RecordingError? {
        let (webPath, nativePath) = try files(web: web, native: native)
        do {
            _ = try replaySession(web: webPath, native: nativePath, options: options)
            return nil
        } catch let error as RecordingError {
            return error
        }
    }

    @Test("the two logs given the wrong way round")
    func swapped() throws {
        let web = Self.webMeta + "\n" + #"{"t":0,"type":"connect"}"# + "\n"
        let native = Self.nativeMeta + "\n" + #"{"t":0,"type":"path","online":true}"# + "\n"
        let (webPath, nativePath) = try files(web: web, native: native)
        #expect(throws: RecordingError.self) { try replaySession(web: nativePath, native: webPath) }
        do {
            _ = try replaySession(web: nativePath, native: webPath)
        } catch let error as RecordingError {
            #expect(error.path == nativePath && error.line == 1 && error.kind == .malformed)
            #expect(error.message.contains("where the page's web recording is expected"))
        }
        let nativeTwice = try #require(try error(web: native, native: native))
        #expect(nativeTwice.line == 1 && nativeTwice.message.contains("native log"))
        let webTwice = try #require(try error(web: web, native: web))
        #expect(webTwice.path.hasSuffix("native.jsonl") && webTwice.message.contains("where the app's native log is expected"))
    }

    @Test("a meta with no startedAt, or one not in the form, cannot be aligned; an offset needs neither")
    func unaligned() throws {
        let native = Self.nativeMeta + "\n"
        let noStartedAt = try #require(try error(web: "\n" + #"{"type":"meta","version":1}"# + "\n", native: native))
        #expect(noStartedAt.path.hasSuffix("web.jsonl") && noStartedAt.line == 2 && noStartedAt.message.contains(#"no "startedAt""#))
        let noMeta = try #require(try error(web: #"{"t":0,"type":"connect"}"# + "\n", native: native))
        #expect(noMeta.line == nil && noMeta.message.contains(#"no "meta""#))
        let february = Self.nativeMeta.replacingOccurrences(of: "2026-12-01T09:59:59.000Z", with: "2026-02-30T09:59:59.000Z")
        let unreal = try #require(try error(web: Self.webMeta + "\n", native: february + "\n"))
        #expect(unreal.path.hasSuffix("native.jsonl") && unreal.line == 1 && unreal.message.contains("2026-02-30T09:59:59.000Z"))
        let seconds = Self.nativeMeta.replacingOccurrences(of: "09:59:59.000Z", with: "09:59:59Z")
        #expect(try error(web: Self.webMeta + "\n", native: seconds + "\n")?.line == 1)
        let number = #"{"type":"meta","version":1,"recording":"native","startedAt":1796119199000}"#
        // The native reader refuses a startedAt that is not a string, as the web reader does.
        #expect(try error(web: Self.webMeta + "\n", native: number + "\n")?.message.contains(#""startedAt" must be a string"#) == true)
        // Given the offset, neither startedAt is read.
        #expect(
            try error(
                web: #"{"t":0,"type":"connect"}"# + "\n" + #"{"t":100,"type":"turbo:load"}"# + "\n",
                native: february + "\n" + #"{"t":0,"type":"path","online":true}"# + "\n", options: SessionOptions(offsetMs: 12.5)) == nil)
    }

    @Test("standard input is one of the two at most (refused before anything is read)")
    func standardInput() throws {
        #expect(throws: RecordingError.self) { try replaySession(web: "-", native: "-") }
    }

    @Test("a malformed line stops the session with its file and line")
    func malformed() throws {
        let bad = try #require(try error(web: Self.webMeta + "\n", native: Self.nativeMeta + "\n" + #"{"t":5,"type":"path","online":"yes"}"# + "\n"))
        #expect(bad.path.hasSuffix("native.jsonl") && bad.line == 2)
        let back = try #require(
            try error(
                web: Self.webMeta + "\n" + #"{"t":5,"type":"offline"}"# + "\n" + #"{"t":4,"type":"online"}"# + "\n",
                native: Self.nativeMeta + "\n"))
        #expect(back.path.hasSuffix("web.jsonl") && back.line == 3)
    }

    @Test("the native meta is found past blank lines and CRLF line ends")
    func nativeMetaLine() throws {
        // The page's recording meets the app's log at session time 0 (native 1000).
        let (webPath, nativePath) = try files(
            web: Self.webMeta + "\r\n" + #"{"t":0,"type":"turbo:load"}"# + "\r\n",
            native: "\n\r\n" + Self.nativeMeta + "\r\n" + #"{"t":0,"type":"path","online":true}"# + "\r\n" + #"{"t":1000,"type":"foreground"}"#
                + "\r\n")
        let session = try replaySession(web: webPath, native: nativePath)
        #expect(session.offset == -1000)
        #expect(session.lines.map(\.jsonLine) == [#"{"t":-1000,"layer":"native","connectivity":"online"}"#])
    }
}
