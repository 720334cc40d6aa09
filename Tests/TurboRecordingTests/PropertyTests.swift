import OfflineBanner
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// Properties of the reader and the port over generated recordings (RecordingGenerator.swift):
/// deterministic seeds, so a failure names the seed that reproduces it.
@Suite struct PropertyTests {
    static let seeds: [UInt64] = Array(1...150)

    @Test func sameInputGivesByteIdenticalOutput() throws {
        for seed in Self.seeds {
            let (_, bytes) = Generated.recording(seed: seed)
            let first = try Generated.replayOutput(bytes).output
            // Again, and with lines crossing tiny read buffers.
            #expect(try Generated.replayOutput(bytes).output == first, "seed \(seed)")
            #expect(try Generated.replayOutput(bytes, readBufferSize: 5).output == first, "seed \(seed): small read buffer")
            // CRLF line ends and blank lines change nothing.
            let crlf = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n\n").utf8)
            #expect(try Generated.replayOutput(crlf).output == first, "seed \(seed): CRLF")
        }
    }

    /// recover-on-response only brings a pill down sooner: its banner records still each change
    /// what is shown, it decides every submission as v1 does, and its own changes (cause
    /// `response`) turn the amber pill into the green flash.
    @Test func theVariantChangesOnlyWhenThePillComesDown() throws {
        var recovered = 0
        for seed in Self.seeds {
            let bytes = Generated.recording(seed: seed).bytes
            let v1 = try Generated.timeline(bytes)
            let variant = try Generated.timeline(bytes, settings: BannerSettings(variants: [.recoverOnResponse]))
            #expect(variant.decisions == v1.decisions, "seed \(seed)")
            var shown: (BannerState, String?) = (.hidden, nil)
            for change in variant.changes {
                #expect((change.banner, change.label) != shown, "seed \(seed): \(change)")
                if change.cause == .response {
                    #expect(shown.0 == .offline && change.banner == .backOnline, "seed \(seed): \(change)")
                    recovered += 1
                }
                shown = (change.banner, change.label)
            }
        }
        #expect(recovered > 20, "the generator reaches the variant's row")
    }

    @Test func everyBannerRecordChangesTheBannerOrItsLabel() throws {
        for seed in Self.seeds {
            var shown: (BannerState, String?) = (.hidden, nil)
            for record in try Generated.timeline(Generated.recording(seed: seed).bytes) {
                guard case .banner(let change) = record else { continue }
                #expect((change.banner, change.label) != shown, "seed \(seed): \(change)")
                #expect((change.label == nil) == (change.banner == .hidden), "seed \(seed): \(change)")
                shown = (change.banner, change.label)
            }
        }
    }

    /// A toast exactly for each submission that ended with no response while connected.
    @Test func toastExactlyForSubmissionsThatDiedWhileConnected() throws {
        var toasted = 0, silent = 0
        for seed in Self.seeds {
            let (_, bytes) = Generated.recording(seed: seed)
            var expected: [Double] = []
            var connected = true
            let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "g"), keepObserved: false)
            while let record = try reader.next() {
                guard case .input(let t, let input) = record.event else { continue }
                switch input {
                case .connect: connected = true
                case .disconnect: connected = false
                case .pagehide(let persisted): if !persisted { connected = false }
                case .submitEnd(let submission):
                    if connected && !submission.success && submission.fetchResponse == nil { expected.append(t) }
                default: break
                }
            }
            let toasts = try Generated.timeline(bytes).compactMap { record -> Double? in
                guard case .submit(let decision) = record, case .toast = decision.outcome else { return nil }
                return decision.t
            }
            #expect(toasts == expected, "seed \(seed)")
            toasted += toasts.count
            silent += try Generated.timeline(bytes).filter { if case .submit(let d) = $0, case .silent = d.outcome { true } else { false } }.count
        }
        // The generator does reach both sides of the property.
        #expect(toasted > 50 && silent > 50, "\(toasted) toasts, \(silent) silent decisions")
    }

    @Test func lenientSkipsInterleavedBadLinesAndGivesTheSameTimeline() throws {
        var total = 0
        for seed in Self.seeds {
            let (lines, bytes) = Generated.recording(seed: seed)
            let clean = try Generated.replayOutput(bytes).output
            var generator = RecordingGenerator(seed: seed &+ 1_000_000)
            // Bad lines anywhere after the first timed record (one kind goes back in time).
            let firstTimed = lines.firstIndex { $0.hasPrefix(#"{"t":"#) } ?? lines.count
            var dirty: [UInt8] = []
            var inserted = 0
            for (index, line) in lines.enumerated() {
                dirty += Array(line.utf8) + [0x0A]
                if index >= firstTimed, generator.random.chance(0.3) {
                    dirty += generator.badLine() + [0x0A]
                    inserted += 1
                }
            }
            let lenient = try Generated.replayOutput(dirty, lenient: true)
            #expect(lenient.output == clean, "seed \(seed)")
            #expect(lenient.skipped == inserted, "seed \(seed)")
            total += inserted
        }
        #expect(total > 1000, "only \(total) bad lines inserted")
    }

    @Test func escapingMatchesJSONC() {
        var random = SeededRandom(seed: 7)
        let alphabet: [Character] = ["a", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "…", "☕", " "]
        for _ in 0..<2000 {
            let text = String((0..<random.int(in: 0...12)).map { _ in random.pick(alphabet) })
            var bytes: [UInt8] = []
            appendJSONString(text, to: &bytes)
            #expect(bytes == Array(jsonCString(text).utf8), "\(text.debugDescription)")
        }
    }

    @Test func millisecondsPrintAsBefore() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<5000 {
            let t = Double.random(in: -1e7...1e9, using: &random)
            for value in [t, t.rounded(), (t * 10).rounded() / 10, (t * 1000).rounded() / 1000 + 800] {
                #expect(formatMilliseconds(value) == referenceMilliseconds(value), "\(value)")
            }
        }
    }
}

/// formatMilliseconds as it was before it wrote bytes, to check the new one against.
private func referenceMilliseconds(_ t: Double) -> String {
    let thousandths = (t * 1000).rounded()
    let scaled = Int64(thousandths)
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    var result = sign + String(magnitude / 1000)
    var fraction = magnitude % 1000
    if fraction != 0 {
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let text = String(fraction)
        result += "." + String(repeating: "0", count: digits - text.count) + text
    }
    return result
}
