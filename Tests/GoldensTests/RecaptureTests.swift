import Foundation
import Goldens
import Testing
import TurboRecording

@testable import TestSupport

/// Two real captures of one scenario (examples/capybara/recaptured): the
/// second is held to the first's golden, within a tolerance, and still catches what matters.
@Suite("A real re-capture")
struct RecaptureTests {
    static let directory = Fixtures.root.path + "/examples/capybara/recaptured"
    static let first = directory + "/offline-form-submit.jsonl"
    static let again = directory + "/offline-form-submit-again.jsonl"

    /// The second capture and the first's golden in a scratch directory, without the config.
    static func scratch(recording: String? = nil, golden: String? = nil) throws -> (GoldenCase, String) {
        let directory = try Fixtures.scratchDirectory()
        let recordingText = try recording ?? String(contentsOfFile: again, encoding: .utf8)
        let goldenText = try golden ?? String(contentsOfFile: RecordingFiles.stem(first) + ".expected.jsonl", encoding: .utf8)
        try recordingText.write(toFile: directory + "/r.jsonl", atomically: false, encoding: .utf8)
        try goldenText.write(toFile: directory + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        return (GoldenCase(recording: directory + "/r.jsonl"), directory)
    }

    static var firstGolden: String {
        get throws { try String(contentsOfFile: RecordingFiles.stem(first) + ".expected.jsonl", encoding: .utf8) }
    }

    @Test("the re-capture's golden is the first capture's, and its config asks for 300 ms")
    func sameGolden() throws {
        #expect(try String(contentsOfFile: RecordingFiles.stem(Self.again) + ".expected.jsonl", encoding: .utf8) == Self.firstGolden)
        #expect(try ToleranceConfig.load(path: RecordingFiles.stem(Self.again) + ".config.json") == 300)
        #expect(GoldenCase(recording: Self.first).checkFirst() == .passed)
        #expect(GoldenCase(recording: Self.again).checkFirst() == .passed)
    }

    @Test("exactly, the re-capture fails on its times alone; within 300 ms it passes")
    func jitter() throws {
        let (golden, directory) = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .mismatch(let diff) = golden.checkFirst() else { Issue.record("expected a mismatch"); return }
        let explained = diff.split(separator: "\n").drop { !$0.hasPrefix("what differs") }.dropFirst()
        #expect(explained.count == 5 && explained.allSatisfy { $0.contains(": t: ") && !$0.contains(";") }, "\(diff)")
        #expect(golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) == .passed)
        // The largest drift is the offline pill's: 2028.6 against 1804.6.
        #expect(golden.checkFirst(tolerance: Tolerance(milliseconds: 224)) == .passed)
        guard case .mismatch(let near) = golden.checkFirst(tolerance: Tolerance(milliseconds: 223.9)) else {
            Issue.record("expected a mismatch"); return
        }
        #expect(near.contains(":1: t: 1804.6 ≠ 2028.6 (224 ms apart, beyond ±223.9 ms)"), "\(near)")
    }

    @Test("within the tolerance, a changed label still fails")
    func label() throws {
        let (golden, directory) = try Self.scratch(golden: try Self.firstGolden.replacingOccurrences(of: "De nuevo en línea", with: "De nuevo en linea"))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .mismatch(let diff) = golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) else { Issue.record("expected a mismatch"); return }
        #expect(diff.hasSuffix(#":4: label: "De nuevo en linea" ≠ "De nuevo en línea""#), "\(diff)")
    }

    @Test("within the tolerance, records in another order fail")
    func order() throws {
        var lines = try Self.firstGolden.split(separator: "\n").map(String.init)
        lines.swapAt(1, 2)  // the toast before the submit-failed pill: same t, other order
        let (golden, directory) = try Self.scratch(golden: lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .mismatch = golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) else { Issue.record("expected a mismatch"); return }
    }

    @Test("within the tolerance, a toast that went silent fails")
    func toast() throws {
        // The re-captured submission got a response: no toast, the banner stays as it was.
        let recording = try String(contentsOfFile: Self.again, encoding: .utf8)
            .replacingOccurrences(of: #""success":false,"fetchResponse":null"#, with: #""success":false,"fetchResponse":{"statusCode":500,"redirected":false}"#)
        let (golden, directory) = try Self.scratch(recording: recording)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .mismatch(let diff) = golden.checkFirst(tolerance: Tolerance(milliseconds: 300)) else { Issue.record("expected a mismatch"); return }
        #expect(diff.contains(#"  + {"t":2590.4,"submit":"silent","reason":"server-response","status":500}"#), "\(diff)")
        #expect(diff.hasSuffix(":3: not replayed"), "\(diff)")
    }
}
