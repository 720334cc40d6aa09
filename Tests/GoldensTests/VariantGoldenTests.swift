import Foundation
import Goldens
import OfflineBanner
import Testing
import TurboRecording

@testable import TestSupport

/// The golden convention under a variant: a recording's own `NAME.<variant>.expected.jsonl`
/// when it has one, else v1's `NAME.expected.jsonl`, which the variant must then leave as it is.
@Suite("Goldens under a variant")
struct VariantGoldenTests {
    static func cases() throws -> [GoldenCase] { try Fixtures.nonEmpty(GoldenCase.find(in: [Fixtures.recordings]), "goldens in recordings/") }
    let variant = BannerVariant.recoverOnResponse

    /// A recording the variant changes (a dead upstream's pill, then a response) and one it does not.
    static let changed = """
        {"t":0,"type":"connect","online":true}
        {"t":1000,"type":"turbo:fetch-request-error","target":"turbo-frame#feed"}
        {"t":1500,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}

        """
    static let unchanged = """
        {"t":0,"type":"offline"}
        {"t":1500,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}

        """
    static let v1Changed = #"{"t":1000,"banner":"offline","label":"Sin conexión","cause":"fetch-request-error"}"# + "\n"
    static let v1Unchanged = #"{"t":800,"banner":"offline","label":"Sin conexión","cause":"offline"}"# + "\n"
    static let variantChanged =
        v1Changed + """
            {"t":1500,"banner":"back-online","label":"De nuevo en línea","cause":"response"}
            {"t":3500,"banner":"hidden","cause":"flash-elapsed"}

            """

    func write(_ files: [String: String]) throws -> String {
        let directory = try Fixtures.scratchDirectory()
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8) }
        return directory
    }

    @Test("every bundled recording replays under the variant to its own golden, or to v1's unchanged", arguments: try cases())
    func bundled(golden: GoldenCase) {
        for check in golden.check(variant: variant) {
            #expect(check.result == .passed, "\(check.golden)")
        }
    }

    @Test("the bundled recordings the variant changes are the dead upstreams, each with a golden of its own")
    func whichChange() throws {
        let own = try Self.cases().filter { FileManager.default.fileExists(atPath: $0.golden(for: variant)) }.map(\.recording)
        #expect(
            own.map { String($0.dropFirst(Fixtures.recordings.count + 1)) } == [
                "chromium/dead-upstream-frame.jsonl", "findings/stale-pill.jsonl", "scenarios/fetch-error-while-online.jsonl",
            ])
    }

    @Test("without a golden of its own, a variant that changes the timeline fails against v1's, naming the missing golden")
    func heldToV1() throws {
        let directory = try write(["r.jsonl": Self.changed, "r.expected.jsonl": Self.v1Changed])
        let check = try #require(GoldenCase(recording: directory + "/r.jsonl").check(variant: variant).first)
        guard case .mismatch = check.result else { Issue.record("expected a mismatch, got \(check.result)"); return }
        #expect(check.golden == directory + "/r.expected.jsonl")
        #expect(check.missingVariantGolden == directory + "/r.recover-on-response.expected.jsonl")
    }

    @Test("with a golden of its own, the variant is held to it")
    func ownGolden() throws {
        let directory = try write([
            "r.jsonl": Self.changed, "r.expected.jsonl": Self.v1Changed,
            "r.recover-on-response.expected.jsonl": Self.variantChanged,
        ])
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        #expect(golden.check(variant: variant) == [GoldenCheck(golden: golden.golden(for: variant), result: .passed)])
        #expect(golden.check() == [GoldenCheck(golden: golden.golden, result: .passed)])  // v1 still holds to v1's
    }

    @Test("--update writes the variant's golden only where its timeline differs from v1's")
    func updateWritesOnlyDifferences() throws {
        let directory = try write([
            "a.jsonl": Self.changed, "a.expected.jsonl": Self.v1Changed,
            "b.jsonl": Self.unchanged, "b.expected.jsonl": Self.v1Unchanged,
        ])
        let a = GoldenCase(recording: directory + "/a.jsonl"), b = GoldenCase(recording: directory + "/b.jsonl")
        #expect(
            a.check(update: true, variant: variant) == [
                GoldenCheck(
                    golden: a.golden(for: variant),
                    result: .written(created: true, diff: Self.variantChanged.split(separator: "\n").map { "+ " + $0 }.joined(separator: "\n")))
            ])
        #expect(b.check(update: true, variant: variant).map(\.result) == [.passed])
        #expect(try String(contentsOfFile: a.golden(for: variant), encoding: .utf8) == Self.variantChanged)
        #expect(!FileManager.default.fileExists(atPath: b.golden(for: variant)))
        #expect(try String(contentsOfFile: a.golden, encoding: .utf8) == Self.v1Changed)  // v1's is left alone
    }

    @Test("v1's golden comes first: without it the variant's check is a missing golden")
    func v1GoldenFirst() throws {
        let directory = try write(["r.jsonl": Self.changed])
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        #expect(golden.check(update: true, variant: variant) == [GoldenCheck(golden: golden.golden, result: .missingGolden)])
    }

    @Test("a config's \"variant\" replays the recording under it, against its own NAME.expected.jsonl")
    func configVariant() throws {
        let directory = try write([
            "r.jsonl": Self.changed, "r.expected.jsonl": Self.variantChanged,
            "r.config.json": #"{"variant":"recover-on-response"}"#,
        ])
        let golden = GoldenCase(recording: directory + "/r.jsonl")
        #expect(golden.check().map(\.result) == [.passed])
        #expect(golden.check(variant: variant).map(\.result) == [.passed])
    }

    @Test("a config naming no known variant is malformed, with the names it takes")
    func configUnknownVariant() throws {
        let path = try Fixtures.file(#"{"variant":"recover"}"#, name: "config.json")
        #expect(throws: RecordingError(.malformed, path: path, line: nil, #""variant" must be one of: recover-on-response"#)) {
            try BannerConfig.load(path: path)
        }
    }
}
