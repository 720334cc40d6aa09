import Foundation
import OfflineBanner
import Testing
import TurboRecording

/// A hostile or broken input gives a clear error naming its line, never a crash or a machine
/// out of memory; `check --update` never leaves a half-written golden.
@Suite struct HardeningTests {
    static func outcomes(_ bytes: [UInt8], lenient: Bool) -> (records: [Record], errors: [RecordingError]) {
        var errors: [RecordingError] = []
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "hostile.jsonl"), lenient: lenient) { errors.append($0) }
        var records: [Record] = []
        do {
            while let record = try reader.next() { records.append(record) }
        } catch let error as RecordingError {
            errors.append(error)
        } catch {
            Issue.record("unexpected \(error)")
        }
        return (records, errors)
    }

    static func around(_ middle: [UInt8]) -> [UInt8] {
        Array(#"{"t":1,"type":"offline"}"#.utf8) + [0x0A] + middle + [0x0A] + Array(#"{"t":2,"type":"online"}"#.utf8) + [0x0A]
    }

    @Test func overlongLineIsAnErrorNamingItsLine() {
        // 3 MiB of one string: past the 1 MiB cap, across many read buffers.
        let line = Array(#"{"t":1,"type":"turbo:visit","url":""#.utf8) + [UInt8](repeating: 0x61, count: 3 << 20) + Array(#""}"#.utf8)
        let strict = Self.outcomes(Self.around(line), lenient: false)
        #expect(strict.records.count == 1)
        #expect(strict.errors.map(\.description) == ["hostile.jsonl:2: line is longer than 1048576 bytes"])
        let lenient = Self.outcomes(Self.around(line), lenient: true)
        #expect(lenient.records.map(\.line) == [1, 3])
        #expect(lenient.errors.count == 1)
    }

    @Test func overlongLastLineWithoutNewline() {
        let bytes = Array(#"{"t":1,"type":"offline"}"#.utf8) + [0x0A] + [UInt8](repeating: 0x7B, count: (1 << 20) + 1)
        #expect(Self.outcomes(bytes, lenient: false).errors.map(\.description) == ["hostile.jsonl:2: line is longer than 1048576 bytes"])
    }

    @Test(arguments: [
        String(repeating: "[", count: 100_000),
        String(repeating: #"{"a":"#, count: 100_000),
        #"{"t":1,"type":"x","deep":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
    ])
    func tooDeepJSONIsAnErrorNamingItsLine(nesting: String) {
        let strict = Self.outcomes(Self.around(Array(nesting.utf8)), lenient: false)
        #expect(strict.errors.map(\.description) == ["hostile.jsonl:2: not valid JSON: nested deeper than 32 levels"])
        #expect(Self.outcomes(Self.around(Array(nesting.utf8)), lenient: true).records.map(\.line) == [1, 3])
    }

    // MARK: - check --update

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "turbo-replay-golden-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    static let recording = """
        {"t":100,"type":"connect","context":null,"online":true}
        {"t":200,"type":"offline"}

        """
    static let oldGolden = #"{"t":1,"banner":"hidden","cause":"connect"}"# + "\n"
    static let newGolden = #"{"t":1000,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n"

    @Test func failedWriteLeavesTheOldGoldenIntact() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try Self.oldGolden.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        let golden = GoldenCase(recording: directory + "/r.jsonl")

        // The temporary cannot be created: the write fails before touching the golden.
        try FileManager.default.createDirectory(atPath: golden.temporary(), withIntermediateDirectories: false)
        guard case .unreadable(let error) = golden.check(update: true) else {
            Issue.record("the write should have failed")
            return
        }
        #expect(error.description.contains("cannot write"))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.oldGolden)

        try FileManager.default.removeItem(atPath: golden.temporary())
        #expect(golden.check(update: true) == .written(created: false))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.newGolden)
        #expect(Self.files(in: directory) == ["r.expected.jsonl", "r.jsonl"])
    }

    @Test func staleTemporariesAreRemovedLiveOnesKept() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        // A run that was killed mid-write (no such process), and one still writing (our parent).
        let dead = golden.temporary(pid: Int32.max)
        let live = golden.temporary(pid: getppid())
        try "{\"t\":1,\"ban".write(toFile: dead, atomically: false, encoding: .utf8)
        try "{\"t\":1,\"ban".write(toFile: live, atomically: false, encoding: .utf8)
        #expect(golden.check(update: true) == .written(created: true))
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.newGolden)
    }

    /// The real thing: `turbo-replay check --update` killed at arbitrary moments, over and over.
    /// Whenever it dies, the golden is the whole old one or the whole new one.
    @Test func killedUpdateNeverLeavesAHalfWrittenGolden() throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("turbo-replay").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            Issue.record("no turbo-replay beside the test binary at \(binary)")
            return
        }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = RecordingGenerator(seed: 42)
        let lines = generator.recording(records: 20_000)
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/big.jsonl", atomically: false, encoding: .utf8)
        try Self.oldGolden.write(toFile: directory + "/big.expected.jsonl", atomically: false, encoding: .utf8)
        let expected = try PropertyTests.replayOutput(Array((lines.joined(separator: "\n") + "\n").utf8)).output
        let new = String(decoding: expected, as: UTF8.self)

        var random = SeededRandom(seed: 3)
        for _ in 0..<6 {
            // Back to the old golden, then kill an update somewhere in its run.
            try Self.oldGolden.write(toFile: directory + "/big.expected.jsonl", atomically: false, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["check", "--update", directory]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...150_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let golden = try String(contentsOfFile: directory + "/big.expected.jsonl", encoding: .utf8)
            #expect(golden == Self.oldGolden || golden == new, "half-written golden: \(golden.utf8.count) bytes")
        }
        // A run to the end writes the new golden and sweeps what the killed ones left.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["check", "--update", directory]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(try String(contentsOfFile: directory + "/big.expected.jsonl", encoding: .utf8) == new)
        #expect(Self.files(in: directory) == ["big.expected.jsonl", "big.jsonl"])
    }
}
