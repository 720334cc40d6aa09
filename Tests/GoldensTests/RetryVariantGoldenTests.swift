import Foundation
import Goldens
import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// The golden convention under the retry policy's variant: a native recording's own
/// `NAME.probe-once.expected.jsonl` when it has one, else v1's `NAME.expected.jsonl`, which the
/// variant must then leave as it is. Web recordings are checked as always.
@Suite("Goldens under probe-once")
struct RetryVariantGoldenTests {
    static let cases = (try? GoldenCase.find(in: [Fixtures.recordings])) ?? []

    @Test("every bundled recording replays under probe-once to its own golden, or to v1's unchanged", arguments: cases)
    func bundled(golden: GoldenCase) {
        for check in golden.check(variant: GoldenVariant(name: "probe-once")) {
            #expect(check.result == .passed, "\(check.golden)")
        }
    }

    @Test("the bundled recordings probe-once changes are the probe loops, each with a golden of its own")
    func whichChange() {
        let own = Self.cases.filter { FileManager.default.fileExists(atPath: $0.golden(for: RetryVariant.probeOnce)) }.map(\.recording)
        #expect(
            own.map { String($0.dropFirst(Fixtures.recordings.count + 1)) } == [
                "native/probe-loop-android.jsonl", "native/probe-loop-ios.jsonl",
            ])
    }

    @Test("a variant name is the banner's or the retry policy's, one namespace")
    func names() {
        #expect(GoldenVariant(name: "probe-once") == .retry(.probeOnce))
        #expect(GoldenVariant(name: "recover-on-response") == .banner(.recoverOnResponse))
        #expect(GoldenVariant(name: "v1") == nil)
        #expect(GoldenVariant.allNames == ["recover-on-response", "probe-once"])
    }

    @Test("without a golden of its own, a recording the variant changes fails against v1's; --update writes only that one")
    func heldToV1AndUpdate() throws {
        let directory = try Fixtures.scratchDirectory()
        let recording = directory + "/loop.jsonl"
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/native/probe-loop-ios.jsonl", toPath: recording)
        try FileManager.default.copyItem(
            atPath: Fixtures.recordings + "/native/probe-loop-ios.expected.jsonl",
            toPath: directory + "/loop.expected.jsonl")
        let golden = GoldenCase(recording: recording)
        let check = try #require(golden.check(retryVariant: .probeOnce).first)
        guard case .mismatch = check.result else { Issue.record("expected a mismatch, got \(check.result)"); return }
        #expect(check.missingVariantGolden == directory + "/loop.probe-once.expected.jsonl")
        let written = try #require(golden.check(update: true, retryVariant: .probeOnce).first)
        #expect(written.result == .written(created: true, diff: ""))
        #expect(
            try String(contentsOfFile: directory + "/loop.probe-once.expected.jsonl", encoding: .utf8)
                == String(contentsOfFile: Fixtures.recordings + "/native/probe-loop-ios.probe-once.expected.jsonl", encoding: .utf8))
        #expect(golden.check(retryVariant: .probeOnce).allSatisfy { $0.result == .passed })
        // v1's golden is untouched, and still holds v1.
        #expect(golden.checkFirst() == .passed)
    }

    @Test("an unchanged recording needs no golden of its own, even with --update")
    func unchangedNeedsNone() throws {
        let directory = try Fixtures.scratchDirectory()
        for suffix in [".jsonl", ".expected.jsonl"] {
            try FileManager.default.copyItem(atPath: Fixtures.recordings + "/native/timeout-probe" + suffix, toPath: directory + "/t" + suffix)
        }
        let golden = GoldenCase(recording: directory + "/t.jsonl")
        #expect(golden.check(update: true, retryVariant: .probeOnce).map(\.result) == [.passed])
        #expect(!FileManager.default.fileExists(atPath: directory + "/t.probe-once.expected.jsonl"))
    }
}

@Suite("probe-loop on the bundled recordings")
struct ProbeLoopRecordingTests {
    @Test("the probe-loop recordings show one loop each, with the lines of their presentations")
    func loops() throws {
        #expect(
            try nativeProbeLoops(path: nativeRecordings + "/probe-loop-ios.jsonl")
                == [ProbeLoop(surface: "tab:home", t: 6600, count: 3, first: 3500, last: 9700, lines: [3, 5, 7])])
        // Android's cooldown holds it to one retry every 15 s; the edge at 52000 ends the run.
        #expect(
            try nativeProbeLoops(path: nativeRecordings + "/probe-loop-android.jsonl")
                == [ProbeLoop(surface: "tab:home", t: 18500, count: 3, first: 3500, last: 33500, lines: [3, 5, 7])])
    }

    @Test("no other bundled native recording has one, and under probe-once none has", arguments: try nativeRecordingNames())
    func none(_ name: String) throws {
        let path = nativeRecordings + "/" + name + ".jsonl"
        if !name.hasPrefix("probe-loop-") { #expect(try nativeProbeLoops(path: path).isEmpty) }
        #expect(try nativeProbeLoops(path: path, config: NativeConfig(variant: .probeOnce)).isEmpty)
    }
}
