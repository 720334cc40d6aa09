import Foundation
import Testing

@testable import TestSupport

/// Where unknown keys are refused (configs, partials), so is a key given twice in one object
/// (issue #47, item 16): json-c keeps the last silently, and one of the two values was lost
/// unseen. The refusal is 65, naming the file, the line and the key.
@Suite("a key given twice is refused")
struct RepeatedKeyRefusalTests {
    static let web = "recordings/chromium/offline-form-submit.jsonl"

    @Test("a config whose findings name one id twice")
    func config() throws {
        let path = try Fixtures.file(
            """
            {
              "locale": "en",
              "findings": {"stale-pill": "off",
                           "stale-pill": "warning"}
            }
            """, name: "twice.config.json")
        for command in [["replay", "--config", path, Self.web], ["explain", "--config", path, Self.web], ["stats", "--config", path, Self.web]] {
            let run = try turboReplay(command)
            #expect(run.status == 65, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(path + #":4: the key "stale-pill" is given twice in one object"#), "\(command): \(run.stderr)")
        }
    }

    @Test("a partial's header with its version twice, and a log's line with a key twice", arguments: ["stats", "tune"])
    func partials(_ command: String) throws {
        let made = try turboReplay([command, "--partial", Self.web])
        #expect(made.status == 0)
        var lines = made.stdout.split(separator: "\n").map(String.init)
        let version = try #require(lines[0].firstRange(of: /"version":[0-9]+/))
        lines[0].insert(contentsOf: "," + lines[0][version], at: version.upperBound)
        let header = try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "header.jsonl")
        let refused = try turboReplay([command, "--merge", header])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains(header + #":1: the key "version" is given twice in one object"#), "\(refused.stderr)")

        lines = made.stdout.split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacing(#","path":"#, with: #","path":"elsewhere.jsonl","path":"#)
        let log = try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "log.jsonl")
        let twice = try turboReplay([command, "--merge", log])
        #expect(twice.status == 65, "\(twice.stderr)")
        #expect(twice.stderr.contains(log + #":2: the key "path" is given twice in one object"#), "\(twice.stderr)")
    }
}
