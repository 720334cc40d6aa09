import Foundation
import Goldens
import OfflineBanner
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// The same comparison as `turbo-replay check`, over the project's corpus.
@Suite("Goldens")
struct GoldenTests {
    static func cases() throws -> [GoldenCase] { try Fixtures.nonEmpty(GoldenCase.find(in: [Fixtures.recordings]), "goldens in recordings/") }

    @Test("the corpus is there") func corpus() throws {
        #expect(try Self.cases().count >= 30)
        #expect(try Self.cases().contains { $0.recording.hasSuffix("chromium/offline-form-submit.jsonl") })
    }

    @Test("each recording replays to each of its goldens", arguments: try cases())
    func matchesGolden(golden: GoldenCase) {
        for check in golden.check() {
            if case .mismatch(let diff) = check.result {
                Issue.record("\(check.golden) differs:\n\(diff)")
            } else {
                #expect(check.result == .passed, "\(check.golden)")
            }
        }
    }

    @Test("the contract's own example timeline, to the byte")
    func contractExample() throws {
        let timeline = try replayTimeline(path: Fixtures.recordings + "/chromium/offline-form-submit.jsonl").map(\.jsonLine)
        #expect(
            timeline == [
                #"{"t":1534.6,"banner":"offline","label":"Sin conexión","cause":"offline"}"#,
                #"{"t":2483.2,"banner":"offline","label":"No se ha podido enviar. Tu texto sigue aquí…","cause":"submit-failed"}"#,
                #"{"t":2483.2,"submit":"toast","label":"No se ha podido enviar. Tu texto sigue aquí…"}"#,
                #"{"t":3509,"banner":"back-online","label":"De nuevo en línea","cause":"online"}"#,
                #"{"t":5509,"banner":"hidden","cause":"flash-elapsed"}"#,
            ])
    }

    @Test("a mismatch shows a diff with the first difference marked")
    func mismatchDiff() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n{\"t\":1000,\"type\":\"online\"}\n")
        let golden = GoldenCase(recording: path)
        try #"""
        {"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}
        {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
        {"t":3001,"banner":"hidden","cause":"flash-elapsed"}

        """#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        guard case .mismatch(let diff) = golden.checkFirst() else { Issue.record("expected a mismatch"); return }
        #expect(
            diff == #"""
                    {"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}
                    {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
                > - {"t":3001,"banner":"hidden","cause":"flash-elapsed"}
                  + {"t":3000,"banner":"hidden","cause":"flash-elapsed"}
                what differs (\#(golden.golden):LINE, golden ≠ replayed):
                  \#(golden.golden):3: t: 3001 ≠ 3000
                """#)
    }

    @Test("a mismatch names the golden's line and the keys that differ; dropped and added records are named too")
    func mismatchNamesKeys() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n{\"t\":1000,\"type\":\"online\"}\n")
        let golden = GoldenCase(recording: path)
        try #"""
        {"t":800,"banner":"offline","label":"Sin conexion","cause":"offline"}

        {"t":1000,"banner":"back-online","label":"De nuevo en línea","cause":"online"}
        {"t":3000,"banner":"hidden","cause":"flash-elapsed"}
        {"t":3000,"submit":"silent","reason":"success"}
        """#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        guard case .mismatch(let diff) = golden.checkFirst() else { Issue.record("expected a mismatch"); return }
        let explained = diff.split(separator: "\n").drop { !$0.hasPrefix("what differs") }.dropFirst()
        #expect(
            Array(explained) == [
                #"  \#(golden.golden):1: label: "Sin conexion" ≠ "Sin conexión""#,
                "  \(golden.golden):5: not replayed",
            ])
    }

    @Test("goldens compare as JSON values: key order and number spelling do not matter")
    func jsonValues() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        try #"{"cause":"offline", "label":"Sin conexión","t":800.000,"banner":"offline"}"#.write(toFile: golden.golden, atomically: false, encoding: .utf8)
        #expect(golden.checkFirst() == .passed)
    }

    @Test("a missing golden fails; --update creates it, then it passes and an update leaves it unchanged")
    func update() throws {
        let path = try Fixtures.file("{\"t\":0,\"type\":\"offline\"}\n")
        let golden = GoldenCase(recording: path)
        #expect(golden.checkFirst() == .missingGolden)
        #expect(golden.checkFirst(update: true) == .written(created: true, diff: #"+ {"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"#))
        #expect(try String(contentsOfFile: golden.golden, encoding: .utf8) == #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n")
        #expect(golden.checkFirst(update: true) == .passed)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(leftovers.sorted() == ["recording.expected.jsonl", "recording.jsonl"])
    }
}

extension GoldenCase: CustomTestStringConvertible {
    public var testDescription: String { String(recording.dropFirst(Fixtures.recordings.count + 1)) }
}
