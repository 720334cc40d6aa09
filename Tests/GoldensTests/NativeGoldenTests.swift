import Foundation
import Goldens
import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

@Suite("Native goldens")
struct NativeGoldenTests {
    @Test("there is a recording for every rule the issue lists")
    func coverage() throws {
        #expect(
            Set(try nativeRecordingNames()).isSuperset(of: [
                "cold-boot-offline", "timeout-probe", "exit-tunnel-double-fail", "flapping-radio",
                "sheet-over-tab-android", "sheet-over-tab-ios", "offline-before-deferred-expiry",
                "offline-and-back-before-deferred-expiry", "server-503", "unauthorized-401",
                "foreground-ios", "foreground-android", "contract-example",
            ]))
    }

    @Test("each recording replays to its hand-written golden", arguments: try nativeRecordingNames())
    func golden(_ name: String) throws {
        #expect(GoldenCase(recording: "\(nativeRecordings)/\(name).jsonl").checkFirst() == .passed)
    }

    @Test("the contract's example prints exactly the contract's output, byte for byte")
    func contractExampleBytes() throws {
        let lines = try nativeTimeline(path: nativeRecordings + "/contract-example.jsonl").map(\.jsonLine)
        #expect(
            lines == [
                #"{"t":120,"surface":"tab:home","view":"offline"}"#,
                #"{"t":5600,"surface":"tab:home","retry":"auto","trigger":"edge"}"#,
                #"{"t":5600.5,"surface":"tab:home","view":"offline"}"#,
                #"{"t":6000,"surface":"sheet","view":"server"}"#,
                #"{"t":8100.5,"surface":"tab:home","deferred":"cooldown","until":20600}"#,
                #"{"t":9000,"surface":"sheet","retry":"manual"}"#,
                #"{"t":20600,"surface":"tab:home","retry":"auto","trigger":"probe"}"#,
            ])
    }

    @Test("a none view adds the reason; surfaces are escaped as JSON strings")
    func lineShapes() throws {
        #expect(
            Decision(t: 1800, surface: "tab:home", outcome: .view(.none)).jsonLine
                == #"{"t":1800,"surface":"tab:home","view":"none","reason":"auth-shell"}"#)
        #expect(
            Decision(t: 816.0360000000001, surface: #"tab:"quoted""#, outcome: .retry(.automatic(.foreground))).jsonLine
                == #"{"t":816.036,"surface":"tab:\"quoted\"","retry":"auto","trigger":"foreground"}"#)
    }

    @Test("a golden that disagrees fails the check")
    func mismatch() throws {
        let recording = try temporaryRecording(
            "wrong.jsonl",
            [
                androidMeta, #"{"t":0,"type":"path","online":true}"#,
                #"{"t":10,"type":"presented","surface":"sheet","error":{"kind":"web","code":-8}}"#,
            ])
        let golden = String(recording.dropLast(".jsonl".count)) + ".expected.jsonl"
        try Data(#"{"t":10,"surface":"sheet","view":"offline"}\#n{"t":2510,"surface":"sheet","retry":"auto","trigger":"edge"}\#n"#.utf8)
            .write(to: URL(fileURLWithPath: golden))
        guard case .mismatch(let diff) = GoldenCase(recording: recording).checkFirst() else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(diff.contains(#"+ {"t":2510,"surface":"sheet","retry":"auto","trigger":"probe"}"#))
    }
}
