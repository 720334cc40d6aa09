import Foundation
import Testing

@testable import TestSupport

/// `check --jobs N` prints exactly what the serial check prints, whatever the results.
@Suite struct CheckJobsTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("turbo-replay")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func outputDoesNotDependOnJobs() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = RecordingGenerator(seed: 9)
        for k in 0..<40 {
            let text = generator.recording(records: 30).joined(separator: "\n") + "\n"
            try text.write(toFile: directory + "/r\(k).jsonl", atomically: false, encoding: .utf8)
        }
        _ = try Self.run(["check", "--update", directory])
        // Some fail: a golden that differs, one missing, a malformed recording.
        try #"{"t":1,"banner":"hidden","cause":"connect"}"#.appending("\n").write(toFile: directory + "/r3.expected.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: directory + "/r17.expected.jsonl")
        try "not json\n".write(toFile: directory + "/r25.jsonl", atomically: false, encoding: .utf8)

        let serial = try Self.run(["check", directory])
        #expect(serial.status == 65, "a malformed recording outranks a failed comparison")
        #expect(serial.output.hasSuffix("37 passed, 3 failed\n"))
        for jobs in ["2", "3", "64"] {
            let parallel = try Self.run(["check", "--jobs", jobs, directory])
            #expect(parallel.status == serial.status)
            #expect(parallel.output == serial.output, "--jobs \(jobs)")
        }
    }
}
