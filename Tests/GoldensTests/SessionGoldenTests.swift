import Foundation
import Goldens
import Testing

@testable import TestSupport

/// The session golden convention: NAME.jsonl beside NAME.native.jsonl is a session, held to
/// NAME.session.expected.jsonl.
@Suite("Session goldens")
struct SessionGoldenTests {
    static func pair(in directory: String) throws {
        let session = Fixtures.recordings + "/session"
        for name in ["example.jsonl", "example.native.jsonl", "example.expected.jsonl", "example.native.expected.jsonl"] {
            try FileManager.default.copyItem(atPath: session + "/" + name, toPath: directory + "/" + name)
        }
    }

    @Test("each corpus session replays to its session golden, after the web recording's own")
    func corpus() throws {
        for name in ["example", "airplane", "field-report"] {
            let checks = GoldenCase(recording: Fixtures.recordings + "/session/\(name).jsonl").check()
            #expect(checks.map { ($0.golden as NSString).lastPathComponent } == ["\(name).expected.jsonl", "\(name).session.expected.jsonl"])
            #expect(checks.allSatisfy { $0.result == .passed })
        }
    }

    @Test("a pair without its session golden fails; --update writes the session's jsonl")
    func missing() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.pair(in: directory)
        let golden = directory + "/example.session.expected.jsonl"
        #expect(GoldenCase(recording: directory + "/example.jsonl").check().last == GoldenCheck(golden: golden, result: .missingGolden))
        _ = GoldenCase(recording: directory + "/example.jsonl").check(update: true)
        #expect(
            try String(contentsOfFile: golden, encoding: .utf8)
                == String(contentsOfFile: Fixtures.recordings + "/session/example.session.expected.jsonl", encoding: .utf8))
    }

    @Test("NAME.session.config.json configures the session; a web recording alone, or beside a web NAME.native.jsonl, is no session")
    func configAndNoSession() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.pair(in: directory)
        try FileManager.default.copyItem(
            atPath: Fixtures.recordings + "/session/example.session.expected.jsonl",
            toPath: directory + "/example.session.expected.jsonl")
        #expect(GoldenCase(recording: directory + "/example.jsonl").check().allSatisfy { $0.result == .passed })
        // lateMs 1000 makes the 1400 ms pill late: the golden no longer holds.
        try #"{"lateMs": 1000}"#.write(toFile: directory + "/example.session.config.json", atomically: false, encoding: .utf8)
        guard case .mismatch(let diff)? = GoldenCase(recording: directory + "/example.jsonl").check().last?.result else {
            Issue.record("expected the session golden to differ under lateMs 1000")
            return
        }
        #expect(diff.contains("late-pill"))

        try FileManager.default.removeItem(atPath: directory + "/example.native.jsonl")
        #expect(GoldenCase(recording: directory + "/example.jsonl").check().count == 1)
        try FileManager.default.copyItem(atPath: directory + "/example.jsonl", toPath: directory + "/example.native.jsonl")
        #expect(GoldenCase(recording: directory + "/example.jsonl").check().count == 1)
    }
}
