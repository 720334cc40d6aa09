import AppSession
import Foundation
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// The independent model: e2e/session_model.py, written from app-session.md's text alone,
/// says what each of the seeded random pairs in e2e/session-pairs/ must give (written by
/// e2e/session_model_test.py --write, which also checks the pairs are what the model makes
/// now). Every pair goes through the driver the CLI calls, and its jsonl must be the model's
/// byte for byte: merged timeline, findings, summary. `SESSION_PAIRS` names another directory.
@Suite("The independent model")
struct ModelPairsTests {
    static let directory = ProcessInfo.processInfo.environment["SESSION_PAIRS"] ?? Repository.root + "/e2e/session-pairs"

    static func pairs() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        return names.filter { $0.hasSuffix(".options.json") }.map { String($0.dropLast(".options.json".count)) }.sorted()
    }

    @Test("there are at least 120 pairs")
    func enough() throws {
        let count = try Self.pairs().count
        #expect(count >= 120, "\(Self.directory) has \(count) pairs: run e2e/session_model_test.py --write")
    }

    @Test("each pair's jsonl is the model's, byte for byte")
    func agree() throws {
        var mismatches: [String] = []
        for pair in try Self.pairs() {
            let stem = Self.directory + "/" + pair
            let options = try ModelPairs.options(stem + ".options.json")
            let session = try replaySession(web: stem + ".web.jsonl", native: stem + ".native.jsonl", options: options)
            let got = session.jsonLines
            let want = try String(contentsOfFile: stem + ".session.expected.jsonl", encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if got != want {
                let index = (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
                mismatches.append(
                    "\(pair) line \(index + 1):\n  swift: \(index < got.count ? got[index] : "(nothing)")\n  model: \(index < want.count ? want[index] : "(nothing)")"
                )
            }
        }
        let report = "\(mismatches.count) of \(try Self.pairs().count) pairs disagree:\n" + mismatches.prefix(5).joined(separator: "\n")
        #expect(mismatches.isEmpty, Comment(rawValue: report))
    }
}
