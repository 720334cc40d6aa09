import AppSession
import Foundation
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// The model's pairs (e2e/session-pairs/, see `ModelPairsTests`) through the streamed driver
/// `session` runs: its lines, findings and summary, as they stream, are the model's jsonl byte
/// for byte.
@Suite("The independent model, streamed")
struct StreamedModelPairsTests {
    /// What a streamed session hands on, as jsonl lines: the timeline as it comes, the findings.
    final class Collected: SessionOutput {
        var lines: [String] = []
        var findings: [String] = []
        func begin(offset: Double, nativeSettings: PolicySettings) throws {}
        func line(_ line: SessionLine) throws { lines.append(line.jsonLine) }
        func measure(_ measure: SessionMeasure) throws {
            if case .finding(let finding) = measure { findings.append(finding.jsonLine) }
        }
    }

    @Test("each pair's streamed jsonl is the model's, byte for byte")
    func agree() throws {
        var mismatches: [String] = []
        for pair in try ModelPairsTests.pairs() {
            let stem = ModelPairsTests.directory + "/" + pair
            let options = try ModelPairs.options(stem + ".options.json")
            let output = Collected()
            var explainer = NoExplainer()
            let streamed = try streamSession(
                web: stem + ".web.jsonl", native: stem + ".native.jsonl", options: options, explaining: &explainer, into: output)
            let skew = streamed.summary.clockSkew.map { [$0.jsonLine] } ?? []
            let got = output.lines + output.findings + skew + [streamed.summary.jsonLine]
            let want = try String(contentsOfFile: stem + ".session.expected.jsonl", encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            if got != want { mismatches.append(pair) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) pairs disagree: \(mismatches.prefix(5))")
    }
}
