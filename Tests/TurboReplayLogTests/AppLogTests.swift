import Foundation
import NativeErrorPolicy
import Testing
import TurboReplayLog

@testable import TestSupport

final class SteppedClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var readings: [Double]
    init(_ readings: [Double]) { self.readings = readings }
    func now() -> Double { lock.withLock { readings.count > 1 ? readings.removeFirst() : readings[0] } }
}

/// Log ids N, N+1, …: a test knows each file's id, and so whether a relaunch kept it.
final class CountingIDs: LogIDSource, @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt64
    init(from first: UInt64 = 1) { counter = first }
    func next() -> LogID {
        lock.withLock {
            defer { counter += 1 }
            return LogID(high: 0, low: counter)
        }
    }
}

/// `,"session":"…"` as a meta writes the id `n`.
func session(_ n: UInt64) -> String {
    #","session":""# + LogID(high: 0, low: n).text + #"""#
}

func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// docs/recording-format.md, "Native recordings": one line per record, as the table says.
@Suite("AppLog")
struct AppLogTests {
    static let rows: [(LogRecord, String)] = [
        (.path(online: true), #"{"t":5,"type":"path","online":true}"#),
        (.presented(surface: "tab:home", error: .web(.code(-1009))), #"{"t":5,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009}}"#),
        (
            .presented(surface: "sheet", error: .http(status: 503), url: "https://a.example/x"),
            #"{"t":5,"type":"presented","surface":"sheet","error":{"kind":"http","status":503},"url":"https://a.example/x"}"#
        ),
        (.tapRetry(surface: "sheet"), #"{"t":5,"type":"tap-retry","surface":"sheet"}"#),
        (.appRetry(surface: "sheet", kind: .auto), #"{"t":5,"type":"app-retry","surface":"sheet","kind":"auto"}"#),
        (.dismissed(surface: "sheet"), #"{"t":5,"type":"dismissed","surface":"sheet"}"#),
        (.foreground, #"{"t":5,"type":"foreground"}"#),
        (.launch(cold: false), #"{"t":5,"type":"launch","cold":false}"#),
        (.config(offseason: true), #"{"t":5,"type":"config","offseason":true,"tester":false}"#),
        (.bridge(component: "page-load", event: "connect"), #"{"t":5,"type":"bridge","component":"page-load","event":"connect"}"#),
        (.appScreen(screen: "web"), #"{"t":5,"type":"app-screen","screen":"web"}"#),
        (.finish(url: "https://a.example/"), #"{"t":5,"type":"finish","url":"https://a.example/"}"#),
        (.urlChange(url: "https://a.example/"), #"{"t":5,"type":"url-change","url":"https://a.example/"}"#),
        (.cacheClear, #"{"t":5,"type":"cache-clear"}"#),
        (.cacheRemove(url: "https://a.example/"), #"{"t":5,"type":"cache-remove","url":"https://a.example/"}"#),
    ]

    @Test("each record of the format is one line", arguments: 0..<rows.count)
    func record(_ row: Int) throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: 1_796_119_199_000, clock: SteppedClock([100, 105]), logIDs: CountingIDs(from: 7))
        log.log(Self.rows[row].0)
        #expect(
            try lines(path) == [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(7)),"startedAt":"2026-12-01T09:59:59.000Z"}"#, Self.rows[row].1,
                "",
            ])
    }

    @Test("a record it cannot write is dropped, counted, and reported before the next line")
    func drops() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .android, startedAt: nil, clock: SteppedClock([0, .nan, .infinity, 10, 10, 5, 1e16, 20]))
        log.log(.path(online: true))  // nan
        log.log(.path(online: true))  // inf
        log.log(.presented(surface: nil, error: .load))  // 10: no surface
        log.log(.tapRetry(surface: "a\u{0}b"))  // 10: U+0000
        log.log(.path(online: false))  // 5: written, after the count of the four above
        log.log(.path(online: true))  // 1e16: beyond 2^53 ms
        #expect(log.droppedSinceLastReport == 1)
        log.log(.foreground)  // 20
        #expect(
            try lines(path).dropFirst() == [
                #"{"t":5,"type":"dropped","count":4,"reasons":{"time":2,"text":2}}"#, #"{"t":5,"type":"path","online":false}"#,
                #"{"t":20,"type":"dropped","count":1,"reasons":{"time":1}}"#, #"{"t":20,"type":"foreground"}"#, "",
            ])
    }

    @Test("a time before the last line's is dropped: lines never go back")
    func timeGoesBack() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0, 50, 40, 60]))
        log.log(.foreground)
        log.log(.foreground)
        log.log(.foreground)
        #expect(try lines(path).dropFirst().first == #"{"t":50,"type":"foreground"}"#)
        #expect(try lines(path).dropFirst(2).first == #"{"t":60,"type":"dropped","count":1,"reasons":{"time":1}}"#)
    }

    @Test("rotation keeps each file under its bound, and each file starts as a log of its own")
    func rotation() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0]), maxBytes: 300, keep: 2, logIDs: CountingIDs())
        log.log(.path(online: true))
        for _ in 0..<40 { log.log(.tapRetry(surface: "tab:home")) }
        // 300 bytes hold the meta, the path and 3 lines: 40 lines make 14 files, ids 1 to 14.
        for (file, id) in [(path, 14), (path + ".1", 13), (path + ".2", 12)] as [(String, UInt64)] {
            let text = try lines(file)
            #expect(text.first == #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(id))}"#, "\(file)")
            #expect(text.dropFirst().first == #"{"t":0,"type":"path","online":true}"#, "\(file)")
            #expect(try String(contentsOfFile: file, encoding: .utf8).utf8.count <= 300, "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".3"))
    }

    @Test("a file that cannot be opened costs the app nothing: the records are counted")
    func unwritable() throws {
        let log = AppLog(path: "/nonexistent-directory/app.jsonl", platform: .ios, startedAt: nil, clock: SteppedClock([0]))
        log.log(.foreground)
        log.log(.foreground)
        #expect(log.droppedSinceLastReport == 2)
    }

    @Test("eight threads at once: every line whole, times in order, none lost")
    func threads() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<500 { log.log(.tapRetry(surface: "thread:\(thread)")) }
        }
        let written = try lines(path).dropFirst().dropLast()
        #expect(written.count == 4000)
        var last = -1.0
        for line in written {
            let t = try #require(Double(line.dropFirst(5).prefix { $0 != "," }))
            #expect(t >= last && line.hasSuffix(#""}"#), "\(line)")
            last = t
        }
    }

    @Test("explain reads a log the logger wrote, dropped line included")
    func explainReadsIt() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: 0, clock: SteppedClock([0, 0, 10, 20, 500, 900]))
        log.log(.path(online: false))
        log.log(.presented(surface: "tab:home", error: .web(.code(-1009))))
        log.log(.presented(surface: nil, error: .load))
        log.log(.path(online: true))
        log.log(.appRetry(surface: "tab:home", kind: .auto))
        #expect(try lines(path).contains(#"{"t":500,"type":"dropped","count":1,"reasons":{"text":1}}"#))
        let run = try turboReplay(["explain", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("no findings"), "\(run.stdout)")
    }
}
