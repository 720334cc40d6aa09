import Foundation
import Testing

@testable import TestSupport

/// `check --jobs N` prints exactly what the serial check prints, whatever the results.
@Suite struct CheckJobsTests {
    @Test func outputDoesNotDependOnJobs() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = RecordingGenerator(seed: 9)
        for k in 0..<40 {
            let text = generator.recording(records: 30).joined(separator: "\n") + "\n"
            try text.write(toFile: directory + "/r\(k).jsonl", atomically: false, encoding: .utf8)
        }
        _ = try turboReplay(["check", "--update", directory])
        // Some fail: a golden that differs, one missing, a malformed recording.
        try #"{"t":1,"banner":"hidden","cause":"connect"}"#.appending("\n").write(toFile: directory + "/r3.expected.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: directory + "/r17.expected.jsonl")
        try "not json\n".write(toFile: directory + "/r25.jsonl", atomically: false, encoding: .utf8)

        let serial = try turboReplay(["check", directory])
        #expect(serial.status == 65, "a malformed recording outranks a failed comparison")
        #expect(serial.stdout.hasSuffix("37 passed, 3 failed\n"))
        for jobs in ["2", "3", "64"] {
            let parallel = try turboReplay(["check", "--jobs", jobs, directory])
            #expect(parallel.status == serial.status)
            #expect(parallel.stdout == serial.stdout, "--jobs \(jobs)")
        }
    }
}
