import Foundation
import Testing

@testable import TestSupport

/// Issue #47, item 15: `check DIR` waited forever on a FIFO named `NAME.config.json` (or
/// `.native.config.json`, `.session.config.json`) beside a recording. A config found beside a
/// recording is treated as a golden is: not a regular file, it is skipped in a folder's walk
/// with its reason on standard error, never opened, and the recording it configures fails (66),
/// naming it: replayed without it, the recording would be held to its golden under the wrong
/// settings.
@Suite("Configs beside recordings")
struct BesideConfigTests {
    static func session() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        for name in ["airplane.jsonl", "airplane.native.jsonl", "airplane.expected.jsonl", "airplane.native.expected.jsonl", "airplane.session.expected.jsonl"]
        {
            try FileManager.default.copyItem(atPath: Fixtures.recordings + "/session/" + name, toPath: directory + "/" + name)
        }
        return directory
    }

    @Test(arguments: ["airplane.config.json", "airplane.native.config.json", "airplane.session.config.json"])
    func aFIFOConfigIsSkippedNotOpened(_ name: String) throws {
        let directory = try Self.session()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/" + name, 0o600) == 0)
        // A hang is killed after 30 s: status 137.
        let walked = try Fixtures.shell(#"exec "$CLI" check "$D""#, environment: ["D": directory], timeout: 30)
        #expect(walked.status == 66, "\(walked.stdout)\(walked.stderr)")
        #expect(walked.stderr.contains("\(directory)/\(name): skipped: not a regular file (a FIFO)"), "\(walked.stderr)")
        #expect(walked.stdout.contains("\(directory)/\(name): the config beside the recording is not a regular file (a FIFO)"), "\(walked.stdout)")
        // Named explicitly, the recording it configures fails the same way.
        let named = try Fixtures.shell(#"exec "$CLI" check "$D/airplane.jsonl""#, environment: ["D": directory], timeout: 30)
        #expect(named.status == 66, "\(named.stdout)\(named.stderr)")
        #expect(named.stdout.contains("FAIL \(directory)/airplane.jsonl: \(directory)/\(name): the config beside the recording is not a regular file"))
    }

    /// A FIFO named as a config on the command line is no recording: a usage error, not a wait.
    @Test func aFIFOConfigNamedIsAUsageError() throws {
        let directory = try Self.session()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/airplane.config.json", 0o600) == 0)
        let run = try Fixtures.shell(#"exec "$CLI" check "$D/airplane.config.json""#, environment: ["D": directory], timeout: 30)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("\(directory)/airplane.config.json: its name does not end in .jsonl"))
    }

    /// A config that is a link to nothing is no absent config: it fails the recording.
    @Test func aConfigLinkToNothingFailsTheRecording() throws {
        let directory = try Self.session()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/airplane.config.json", withDestinationPath: "gone.json")
        let run = try turboReplay(["check", directory])
        #expect(run.status == 66)
        #expect(run.stderr.contains("\(directory)/airplane.config.json: skipped: a symbolic link to nothing"), "\(run.stderr)")
        #expect(run.stdout.contains("\(directory)/airplane.config.json: the config beside the recording cannot be read: a symbolic link to nothing"))
    }
}
