import Foundation
import Testing

@testable import TestSupport

/// `check --tolerance-ms`, stray goldens and what `--update` prints, from the command line.
@Suite struct CheckToleranceTests {
    static let recording = "{\"t\":0,\"type\":\"offline\"}\n{\"t\":1000,\"type\":\"online\"}\n"
    static let drifted = """
        {"t":900,"banner":"offline","label":"Sin conexión","cause":"offline"}
        {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
        {"t":3050,"banner":"hidden","cause":"flash-elapsed"}

        """

    @Test func toleranceOption() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try Self.drifted.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        let exact = try turboReplay(["check", directory])
        #expect(exact.status == 1)
        #expect(exact.stdout.contains("  \(directory)/r.expected.jsonl:1: t: 900 ≠ 800\n"), "\(exact.stdout)")
        let narrow = try turboReplay(["check", "--tolerance-ms", "60", directory])
        #expect(narrow.status == 1)
        #expect(narrow.stdout.contains("times within ±60 ms match"), "\(narrow.stdout)")
        #expect(narrow.stdout.contains(":1: t: 900 ≠ 800 (100 ms apart, beyond ±60 ms)\n"), "\(narrow.stdout)")
        #expect(!narrow.stdout.contains(":3: "), "50 ms is within 60: \(narrow.stdout)")
        let wide = try turboReplay(["check", "--tolerance-ms", "100", directory])
        #expect(wide.status == 0)
        #expect(wide.stdout == "1 passed, 0 failed\n")
        for bad in ["-1", "x", "nan"] {
            let run = try turboReplay(["check", "--tolerance-ms", bad, directory])
            #expect(run.status == 64, "\(bad)")
            #expect(run.stderr.contains("'--tolerance-ms' takes a number of milliseconds"), "\(run.stderr)")
        }
    }

    @Test func straysFail() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.recording.write(toFile: directory + "/a.jsonl", atomically: false, encoding: .utf8)
        for name in ["ghost.expected.jsonl", "a.expeted.jsonl"] {
            try Self.drifted.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        let run = try turboReplay(["check", "--update", directory])
        #expect(run.status == 1)
        // In path order: a.expeted.jsonl sorts before a.jsonl.
        #expect(
            run.stdout == """
                FAIL \(directory)/a.expeted.jsonl: looks like a misspelled golden, so it is neither replayed nor compared: a golden is spelled \(directory)/a.expected.jsonl
                created \(directory)/a.expected.jsonl
                  + {"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}
                  + {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
                  + {"t":3000,"banner":"hidden","cause":"flash-elapsed"}
                FAIL \(directory)/ghost.expected.jsonl: a golden with no recording: there is no \(directory)/ghost.jsonl (remove the golden, or put its recording back)
                1 passed, 2 failed

                """)
    }
}
