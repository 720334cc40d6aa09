import Foundation
import NativeErrorPolicy
import Testing
import TurboReplayLog

@testable import TestSupport

/// docs/native-logging.md, "A log across launches": one file stays one valid log through
/// relaunches, crashes, a rotation that cannot happen, other writers and values the readers
/// refuse; every command reads it without `--lenient`.
@Suite("AppLog across launches")
struct AcrossLaunchesTests {
    /// The meta of a log whose first id was 1.
    static let meta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(1)),"startedAt":"2026-12-01T09:59:59.000Z"}"#
    static let started: Int64 = 1_796_119_199_000

    @Test("a relaunch goes on at the wall clock's time since the log began, on its own monotonic clock")
    func relaunch() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, startedAt: Self.started, clock: SteppedClock([500, 500, 2500]), logIDs: CountingIDs()).log(.path(online: true))
        // Its own ids would start at 100: the file keeps id 1.
        let second = AppLog(path: path, platform: .ios, startedAt: Self.started + 45_000, clock: SteppedClock([3, 3, 1003]), logIDs: CountingIDs(from: 100))
        second.log(.launch())
        second.log(.path(online: false))
        #expect(
            try lines(path) == [
                Self.meta, #"{"t":0,"type":"path","online":true}"#, #"{"t":45000,"type":"launch","cold":true}"#,
                #"{"t":46000,"type":"path","online":false}"#, "",
            ])
        try expectEveryCommandReads(path)
    }

    @Test("a wall clock set back, or unknown, never takes t back: it goes on from the last line")
    func wallClockBack() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, startedAt: Self.started, clock: SteppedClock([0, 7000])).log(.foreground)
        AppLog(path: path, platform: .ios, startedAt: Self.started - 86_400_000, clock: SteppedClock([9, 10])).log(.foreground)
        AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0, 5])).log(.foreground)
        #expect(
            try lines(path).dropFirst() == [
                #"{"t":7000,"type":"foreground"}"#, #"{"t":7001,"type":"foreground"}"#, #"{"t":7006,"type":"foreground"}"#, "",
            ])
    }

    @Test("a half line left by a crash is removed before anything else is written, and said in a cut line")
    func cutThenRelaunch() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, startedAt: Self.started, clock: SteppedClock([0])).log(.foreground)
        let half = #"{"t":12,"type":"presented","surface":"tab:"#
        try append(half, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path)).count
        let second = AppLog(path: path, platform: .ios, startedAt: Self.started + 60_000, clock: SteppedClock([0]))
        // Said at once, in the half line's place (padded to its 42 bytes, so that it is one
        // write), so that a process that dies again before it logs has still said it.
        #expect(try lines(path).dropFirst(2) == [#"{"t":60000,"type":"cut","bytes":42      }"#, ""])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == before)
        second.log(.launch())
        try expectEveryCommandReads(path)
        let explained = try turboReplay(["explain", "--format", "jsonl", path])
        #expect(explained.stdout.contains(#""finding":"log-cut","level":"info","line":3"#), "\(explained.stdout)")
        #expect(explained.stdout.contains(#""findings":{"log-cut":1}"#), "\(explained.stdout)")
    }

    @Test("a file that is not this logger's log is moved aside as a rotation would, never written into")
    func foreignFile() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        try "not a log\n".write(toFile: path, atomically: false, encoding: .utf8)
        AppLog(path: path, platform: .ios, startedAt: Self.started, clock: SteppedClock([0]), logIDs: CountingIDs()).log(.foreground)
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == "not a log\n")
        #expect(try lines(path) == [Self.meta, #"{"t":0,"type":"foreground"}"#, ""])
        // Another platform's log is not this log either.
        AppLog(path: path, platform: .android, startedAt: Self.started, clock: SteppedClock([0])).log(.foreground)
        #expect(try lines(path + ".1").first == Self.meta)
        #expect(try lines(path).first?.contains(#""platform":"android""#) == true)
    }

    @Test(
        "a last line whose t is no JSON number is not this logger's: the file is moved aside, never continued",
        arguments: ["0x10", "inf", "1_0", " 7"])
    func unwrittenTime(_ t: String) throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let foreign = Self.meta + "\n" + #"{"t":\#(t),"type":"foreground"}"# + "\n"
        try foreign.write(toFile: path, atomically: false, encoding: .utf8)
        AppLog(path: path, platform: .ios, startedAt: Self.started + 60_000, clock: SteppedClock([0]), logIDs: CountingIDs(from: 2)).log(.foreground)
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == foreign)
        #expect(
            try lines(path) == [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(2)),"startedAt":"2026-12-01T10:00:59.000Z"}"#,
                #"{"t":0,"type":"foreground"}"#,
                "",
            ])
    }

    @Test("a rotation that cannot happen stops the file growing: no meta mid-file, never past its bound, every record counted")
    func rotationRefused() throws {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/app.jsonl"
        // A directory with a file in it where the rotated file must go: the rename fails even for root.
        try FileManager.default.createDirectory(atPath: path + ".1/in-the-way", withIntermediateDirectories: true)
        let log = AppLog(path: path, platform: .ios, startedAt: Self.started, clock: SteppedClock([0]), maxBytes: 400, keep: 1)
        for _ in 0..<20 { log.log(.tapRetry(surface: "tab:home")) }
        let full = try lines(path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count <= 400)
        #expect(full.filter { $0.contains(#""type":"meta""#) }.count == 1)
        #expect(log.droppedSinceLastReport == 20 - (full.count - 2))
        let dropped = log.droppedSinceLastReport
        try FileManager.default.removeItem(atPath: path + ".1")
        log.log(.foreground)
        #expect(
            try lines(path).dropFirst() == [#"{"t":0,"type":"dropped","count":\#(dropped),"reasons":{"io":\#(dropped)}}"#, #"{"t":0,"type":"foreground"}"#, ""])
        try expectEveryCommandReads(path + ".1")
    }

    @Test("keep is bounded: Int.max rotates as 16 would, at once")
    func keepBounded() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0]), maxBytes: 100, keep: .max)
        for _ in 0..<40 { log.log(.foreground) }
        #expect(FileManager.default.fileExists(atPath: path + ".16"))
        #expect(!FileManager.default.fileExists(atPath: path + ".17"))
        #expect(log.droppedSinceLastReport == 0)
    }

    static let refused: [(LogRecord, String)] = [
        (.presented(surface: "s", error: .http(status: .max)), "a status beyond 2^53"),
        (.presented(surface: "s", error: .http(status: 600)), "a status past 599"),
        (.presented(surface: "s", error: .http(status: 99)), "a status under 100"),
        (.presented(surface: "s", error: .http(status: -2)), "a negative status other than Android's -1"),
        (.presented(surface: "s", error: .web(.code(1 << 40))), "a code beyond 32 bits"),
    ]

    @Test("a value the readers refuse is dropped and counted, never written", arguments: 0..<refused.count)
    func refusedValue(_ row: Int) throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .android, startedAt: nil, clock: SteppedClock([0]))
        log.log(Self.refused[row].0)
        log.log(.presented(surface: "s", error: .http(status: -1)))
        #expect(
            try lines(path).dropFirst() == [
                #"{"t":0,"type":"dropped","count":1,"reasons":{"value":1}}"#,
                #"{"t":0,"type":"presented","surface":"s","error":{"kind":"http","status":-1}}"#, "",
            ], "\(Self.refused[row].1)")
        try expectEveryCommandReads(path, ios: false)
    }

    @Test("a startedAt the readers cannot name is left out and counted, never a trap", arguments: [Int64.min, Int64.max, -62_167_219_200_001])
    func refusedStart(_ startedAt: Int64) throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        AppLog(path: path, platform: .ios, startedAt: startedAt, clock: SteppedClock([0]), logIDs: CountingIDs()).log(.foreground)
        #expect(
            try lines(path) == [
                #"{"type":"meta","version":1,"recording":"native","platform":"ios"\#(session(1))}"#,
                #"{"t":0,"type":"dropped","count":1,"reasons":{"value":1}}"#,
                #"{"t":0,"type":"foreground"}"#, "",
            ])
    }

    @Test("two processes on one file: one meta, every line whole, t never back, none lost")
    func twoProcesses() throws {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/app.jsonl"
        let script = directory + "/calls"
        try "clock real\nlog ios now 100000000 1\nrepeat 2000 tap-retry \"tab:home\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let writers = try (0..<2).map { _ in try LogScript.start(script, path) }
        for writer in writers { writer.end.wait() }
        #expect(writers.allSatisfy { $0.process.terminationStatus == 0 })
        let written = try lines(path)
        #expect(written.first?.hasPrefix(#"{"type":"meta""#) == true)
        #expect(written.dropFirst().dropLast().count == 4000)
        var last = 0.0
        for line in written.dropFirst().dropLast() {
            let t = try #require(Double(line.dropFirst(5).prefix { $0 != "," }), "\(line)")
            #expect(t >= last && line.hasSuffix(#""surface":"tab:home"}"#), "\(line)")
            last = t
        }
        try expectEveryCommandReads(path)
    }

    @Test("two processes rotating one log: each sees the other's rotation, one meta a file, none past its bound, t never back")
    func twoProcessesRotating() throws {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/app.jsonl"
        let script = directory + "/calls"
        try "clock real\nlog ios now 20000 16\nrepeat 2000 tap-retry \"tab:home\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let writers = try (0..<2).map { _ in try LogScript.start(script, path) }
        for writer in writers { writer.end.wait() }
        #expect(writers.allSatisfy { $0.process.terminationStatus == 0 })
        // Oldest first: NAME.16 … NAME.1, NAME.
        let files = (1...16).reversed().map { "\(path).\($0)" }.filter { FileManager.default.fileExists(atPath: $0) } + [path]
        #expect(files.count > 5)
        var written: [String] = []
        for file in files {
            let kept = try lines(file)
            #expect(kept.first?.hasPrefix(#"{"type":"meta""#) == true && kept.last == "", "\(file)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count <= 20_000, "\(file)")
            written += kept.dropFirst().dropLast()
        }
        #expect(written.count == 4000)
        var last = 0.0
        for line in written {
            let t = try #require(Double(line.dropFirst(5).prefix { $0 != "," }), "\(line)")
            #expect(t >= last && line.hasSuffix(#""surface":"tab:home"}"#), "\(line)")
            last = t
        }
        for file in files { try expectEveryCommandReads(file) }
    }

    @Test("a full disk mid-line: the short write is taken back, no NUL, no torn line, and the drops are counted")
    func fullDisk() throws {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/app.jsonl"
        let script = directory + "/calls"
        try "clock 0\nlog ios 1796119199000 100000000 1\nrepeat 200 tap-retry \"tab:home\"\nprint-dropped\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        // A file-size limit of 4 KiB (with SIGXFSZ ignored) is a disk that fills mid-line.
        let limited = try LogScript.start(script, path, fileSizeLimitKiB: 4)
        let printed = String(decoding: limited.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        limited.end.wait()
        #expect(limited.process.terminationStatus == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count <= 4096 && bytes.last == 0x0A && !bytes.contains(0))
        let kept = try lines(path).dropFirst().dropLast()
        #expect(kept.allSatisfy { $0 == #"{"t":0,"type":"tap-retry","surface":"tab:home"}"# })
        #expect(printed == "dropped \(200 - kept.count)\n" && kept.count > 50)
        try expectEveryCommandReads(path)
    }

    @Test("a half line on a full disk, whose cut line does not fit: taken back with it, the file ends whole, the record with no room counted")
    func fullDiskUnderHalfLine() throws {
        let directory = try Fixtures.scratchDirectory()
        let path = directory + "/app.jsonl"
        let script = directory + "/calls"
        // 82 lines of 48 bytes after a meta of 154: 4090 bytes, then a 1-byte half line; the
        // relaunch's cut line (36 bytes) would take the file past its 4 KiB limit.
        try """
        clock 0
        log android 1796119199000 100000000 1
        repeat 82 tap-retry "tab:home"
        cut "{"
        clock 10
        log android 1796119200000 100000000 1
        tap-retry "tab:home"
        print-dropped

        """.write(toFile: script, atomically: true, encoding: .utf8)
        let limited = try LogScript.start(script, path, fileSizeLimitKiB: 4)
        let printed = String(decoding: limited.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        limited.end.wait()
        #expect(limited.process.terminationStatus == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.last == 0x0A && !bytes.contains(0))
        let kept = try lines(path)
        #expect(kept.count == 84 && kept.dropFirst().dropLast().allSatisfy { $0 == #"{"t":0,"type":"tap-retry","surface":"tab:home"}"# })
        #expect(printed == "dropped 1\n")
        try expectEveryCommandReads(path, ios: false)
    }

    /// The commands that read a native log read this one, with no `--lenient` (`archive`, the
    /// iOS web-archive cache's what-if, only an iOS log).
    private func expectEveryCommandReads(_ path: String, ios: Bool = true) throws {
        for command in [["native"], ["native", "--explain"], ["explain"], ["launch"], ["stats"]] + (ios ? [["archive"]] : []) {
            let run = try turboReplay(command + [path])
            #expect(run.status == 0, "\(command) \(path): \(run.stderr)")
        }
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }
}

/// The shared script's driver (Tests/LogScript) as a process of its own: a second app process.
enum LogScript {
    static var binary: String {
        URL(fileURLWithPath: Fixtures.cli).deletingLastPathComponent().appendingPathComponent("log-script").path
    }

    /// Starts the driver on `script` writing `log`; its standard output is `output`. With a
    /// limit, files it writes cannot grow past it (SIGXFSZ ignored): a disk that fills.
    static func start(_ script: String, _ log: String, fileSizeLimitKiB: Int? = nil) throws -> (process: Process, output: Pipe, end: ProcessEnd) {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let limit = fileSizeLimitKiB.map { "trap '' XFSZ; ulimit -f \($0); " } ?? ""
        process.arguments = ["-c", limit + #"exec "$0" "$1" "$2""#, binary, script, log]
        process.standardOutput = output
        let end = ProcessEnd(process)
        try process.run()
        return (process, output, end)
    }
}
