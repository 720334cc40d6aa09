import Foundation
import Goldens
import Testing

@testable import TestSupport

/// `check --update` never leaves a half-written golden, whatever stops it.
@Suite struct GoldenWriteTests {
    static func scratch() throws -> String { try Fixtures.scratchDirectory() }

    static func files(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    static let recording = """
        {"t":100,"type":"connect","context":null,"online":true}
        {"t":200,"type":"offline"}

        """
    static let oldGolden = #"{"t":1,"banner":"hidden","cause":"connect"}"# + "\n"
    static let newGolden = #"{"t":1000,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n"

    /// A folder so deep that the golden's path fits in PATH_MAX and its temporary's does not:
    /// a temporary that cannot be created, whoever runs the test (root included).
    static func deepFolder(under directory: String, leaving room: Int) throws -> String {
        var folder = directory
        while folder.utf8.count + 251 < Int(PATH_MAX) - 1 - room { folder += "/" + String(repeating: "d", count: 250) }
        folder += "/" + String(repeating: "e", count: Int(PATH_MAX) - 1 - room - folder.utf8.count - 1)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func failedWriteLeavesTheOldGoldenIntact() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The golden's path is PATH_MAX - 1 bytes long: its temporary's is longer.
        let directory = try Self.deepFolder(under: root, leaving: "/r.expected.jsonl".utf8.count)
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try Self.oldGolden.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        let golden = GoldenCase(recording: directory + "/r.jsonl")

        // The temporary cannot be created: the write fails before touching the golden.
        guard case .writeFailed(let error) = golden.checkFirst(update: true) else {
            Issue.record("the write should have failed")
            return
        }
        #expect(error.kind == .cannotCreate)
        #expect(error.description.hasPrefix("cannot create \(golden.golden): "))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.oldGolden)
        #expect(try Self.files(in: directory) == ["r.expected.jsonl", "r.jsonl"])
    }

    @Test func anUpdateReplacesTheGoldenWhole() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try Self.oldGolden.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        #expect(
            golden.checkFirst(update: true)
                == .written(
                    created: false,
                    diff: """
                        > - {"t":1,"banner":"hidden","cause":"connect"}
                          + {"t":1000,"banner":"offline","label":"Sin conexión","cause":"offline"}
                        what differs (\(golden.golden):LINE, golden ≠ replayed):
                          \(golden.golden):1: t: 1 ≠ 1000; banner: "hidden" ≠ "offline"; cause: "connect" ≠ "offline"; label: (absent) ≠ "Sin conexión"
                        """))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == Self.newGolden)
        #expect(try Self.files(in: directory) == ["r.expected.jsonl", "r.jsonl"])
    }

    @Test func staleTemporariesAreRemovedLiveOnesKept() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        // A run that was killed mid-write (no such process), and one still writing (our parent).
        let dead = golden.golden + ".tmp-\(Int32.max)-AbCdEfGh"
        let live = golden.golden + ".tmp-\(getppid())-AbCdEfGh"
        try "{\"t\":1,\"ban".write(toFile: dead, atomically: false, encoding: .utf8)
        try "{\"t\":1,\"ban".write(toFile: live, atomically: false, encoding: .utf8)
        // Swept once before an update writes anything, as check --update does (never per golden).
        #expect(TemporarySweep.goldens(under: [directory], remove: true) == TemporarySweep(stale: [dead]))
        #expect(
            golden.checkFirst(update: true) == .written(created: true, diff: Self.newGolden.split(separator: "\n").map { "+ " + $0 }.joined(separator: "\n")))
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
        let expected = try Generated.replayOutput(Array((lines.joined(separator: "\n") + "\n").utf8)).output
        let new = String(decoding: expected, as: UTF8.self)

        var random = SeededRandom(seed: 3)
        for _ in 0..<6 {
            // Back to the old golden, then kill an update somewhere in its run.
            try Self.oldGolden.write(toFile: directory + "/big.expected.jsonl", atomically: false, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["check", "--update", directory]
            process.standardOutput = FileHandle.nullDevice
            let end = ProcessEnd(process)
            try process.run()
            usleep(UInt32.random(in: 0...150_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            end.wait()
            let golden = try String(contentsOfFile: directory + "/big.expected.jsonl", encoding: .utf8)
            #expect(golden == Self.oldGolden || golden == new, "half-written golden: \(golden.utf8.count) bytes")
        }
        // A run to the end writes the new golden and sweeps what the killed ones left.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["check", "--update", directory]
        process.standardOutput = FileHandle.nullDevice
        let end = ProcessEnd(process)
        try process.run()
        end.wait()
        #expect(try String(contentsOfFile: directory + "/big.expected.jsonl", encoding: .utf8) == new)
        #expect(try Self.files(in: directory) == ["big.expected.jsonl", "big.jsonl"])
    }
}
