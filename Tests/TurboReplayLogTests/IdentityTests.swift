import Foundation
import NativeErrorPolicy
import Testing
import TurboReplayLog

@testable import TestSupport

/// docs/native-logging.md, "Identity": the app's release in every meta, one id per file, and
/// the page's session (the bridge's `webSession`) written once and again at the top of each
/// fresh file.
@Suite("AppLog identity")
struct IdentityTests {
    static let started: Int64 = 1_796_119_199_000
    static let app = AppVersion(version: "2.3.1", build: "231")

    @Test("the release and the file's id are in meta; a relaunch of the same release keeps the id")
    func releaseAndID() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, app: Self.app, startedAt: Self.started, clock: SteppedClock([0]), logIDs: CountingIDs(from: 5)).log(.launch())
        AppLog(path: path, platform: .ios, app: Self.app, startedAt: Self.started + 1000, clock: SteppedClock([0]), logIDs: CountingIDs(from: 50)).log(
            .launch())
        #expect(
            try lines(path) == [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios","app":{"version":"2.3.1","build":"231"}\#(session(5)),"startedAt":"2026-12-01T09:59:59.000Z"}"#,
                #"{"t":0,"type":"launch","cold":true}"#, #"{"t":1000,"type":"launch","cold":true}"#, "",
            ])
        let run = try turboReplay(["stats", "--format", "json", path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("an update does not go on in the old release's log: it is moved aside whole, and a fresh id begins")
    func update() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, app: Self.app, startedAt: Self.started, clock: SteppedClock([0]), logIDs: CountingIDs(from: 5)).log(.launch())
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let newer = AppVersion(version: "2.4.0")
        AppLog(path: path, platform: .ios, app: newer, startedAt: Self.started + 1000, clock: SteppedClock([0]), logIDs: CountingIDs(from: 50)).log(.launch())
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == before)
        #expect(
            try lines(path).first
                == #"{"type":"meta","version":1,"recording":"native","platform":"ios","app":{"version":"2.4.0"}\#(session(50)),"startedAt":"2026-12-01T10:00:00.000Z"}"#
        )
    }

    @Test(
        "a release the readers would not take is left out of meta and counted",
        arguments: [AppVersion(version: ""), AppVersion(version: "a\u{0}b"), AppVersion(version: "2", build: String(repeating: "9", count: 257))])
    func refusedRelease(_ app: AppVersion) throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, app: app, startedAt: nil, clock: SteppedClock([0]), logIDs: CountingIDs())
        #expect(log.droppedSinceLastReport == 1)
        log.log(.launch())
        #expect(
            try lines(path) == [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(1))}"#,
                #"{"t":0,"type":"dropped","count":1,"reasons":{"value":1}}"#, #"{"t":0,"type":"launch","cold":true}"#, "",
            ])
    }

    @Test("the default ids are 32 lowercase hex digits, a fresh one for each fresh file")
    func randomIDs() throws {
        let directory = try Fixtures.scratchDirectory()
        var seen: Set<String> = []
        for index in 0..<20 {
            let path = "\(directory)/\(index).jsonl"
            AppLog(path: path, platform: .android, startedAt: nil).log(.launch())
            let meta = try #require(lines(path).first)
            let id = try #require(meta.firstMatch(of: /"session":"([0-9a-f]{32})"}$/)?.1)
            seen.insert(String(id))
        }
        #expect(seen.count == 20)
    }

    @Test("the page's session is written once; an id the collector refuses is dropped and counted")
    func webSession() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0, 10, 20, 30, 40, 50, 60, 70]), logIDs: CountingIDs())
        log.webSession("tab_1-A")  // 10
        log.webSession("tab_1-A")  // 20: the same: not written again
        for refused in ["", "../x", "a/b", String(repeating: "s", count: 129), "é", "a b"] { log.webSession(refused) }
        #expect(log.droppedSinceLastReport == 6)
        log.webSession(String(repeating: "s", count: 128))
        log.webSession("tab_1-A")  // the one before last again: written
        #expect(
            try lines(path).dropFirst() == [
                #"{"t":10,"type":"web-session","session":"tab_1-A"}"#,
                #"{"t":70,"type":"dropped","count":6,"reasons":{"value":6}}"#,
                #"{"t":70,"type":"web-session","session":"\#(String(repeating: "s", count: 128))"}"#,
                #"{"t":70,"type":"web-session","session":"tab_1-A"}"#, "",
            ])
    }

    @Test("each fresh file after a rotation says the page's session again, right after its meta, and the last path after it")
    func rotation() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(
            path: path, platform: .ios, app: Self.app, startedAt: Self.started, clock: SteppedClock([0]), maxBytes: 500, keep: 16, logIDs: CountingIDs())
        log.log(.path(online: true))
        log.webSession("tab-1")
        for _ in 0..<30 { log.log(.tapRetry(surface: "tab:home")) }
        let files = (1...16).reversed().map { "\(path).\($0)" }.filter { FileManager.default.fileExists(atPath: $0) } + [path]
        #expect(files.count > 3)
        for (index, file) in files.enumerated() {
            let text = try lines(file)
            #expect(text[0].contains(session(UInt64(index + 1))), "\(file)")
            let rest = index == 0 ? [text[1], text[2]].reversed() : [text[1], text[2]]
            #expect(rest == [#"{"t":0,"type":"web-session","session":"tab-1"}"#, #"{"t":0,"type":"path","online":true}"#], "\(file)")
        }
    }

    @Test("session pairs a page's recording with the log that names its session, and refuses one that names another")
    func pairedBySession() throws {
        let directory = try Fixtures.scratchDirectory()
        let native = directory + "/app.jsonl", page = directory + "/page.jsonl"
        let log = AppLog(path: native, platform: .ios, app: Self.app, startedAt: Self.started, clock: SteppedClock([0, 0, 10, 500]))
        log.log(.launch())
        log.webSession("tab-1")
        log.log(.path(online: true))
        for (id, status) in [("tab-1", Int32(0)), ("tab-2", 65)] {
            try """
            {"type":"meta","version":1,"source":"webkit","startedAt":"2026-12-01T09:59:59.000Z","session":"\(id)"}
            {"t":0,"type":"connect","context":null,"online":true,"page":"/"}
            {"t":600,"type":"offline"}

            """.write(toFile: page, atomically: true, encoding: .utf8)
            let run = try turboReplay(["session", page, native])
            #expect(run.status == status, "\(id): \(run.stderr)")
        }
    }
}
