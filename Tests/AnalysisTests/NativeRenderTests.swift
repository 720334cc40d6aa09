import BannerFindings
import Fleet
import Foundation
import NativeFindings
import Pictures
import Reports
import Testing
import TurboRecording
import VariantAnalysis

@testable import TestSupport

@Suite("render: a native recording")
struct NativeRenderTests {
    @Test(
        "every launch and native recording renders as self-contained, well-formed SVG",
        arguments: try launchRecordingNames().map { "launch/" + $0 } + nativeRecordingNames().map { "native/" + $0 })
    func wellFormed(_ name: String) throws {
        let path = Fixtures.recordings + "/\(name).jsonl"
        let svg = try NativeTimelineSVG.render(.analyzed(try NativeRecording.analyze(path: path))).svg
        // Drawn as it is read (what `render` does), the same picture as from the log held whole.
        #expect(try NativeTimelineSVG.render(.lines(JSONLines(path: path), NativeConfig())).svg == svg)
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(check.elements.first == "svg")
        #expect(!check.elements.contains("script") && !check.elements.contains("image") && !check.elements.contains("foreignObject"))
        #expect(!check.attributes.keys.contains { $0.hasSuffix("href") })
    }

    @Test("the root screen is a lane, with launches, ready, stalled, the app's log and the findings")
    func lanes() throws {
        let svg = try NativeTimelineSVG.render(.analyzed(try NativeRecording.analyze(path: launchRecordings + "/error-behind-loading.jsonl"))).svg
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        for text in [
            "root screen", "app-screen", "error views", "connectivity", "findings", "error (offline, tab:home)",
            "ready in 33800.5 ms", "1 error-behind-loading", "offline view, tab:home", "retry (edge), tab:home", "30 s",
        ] {
            #expect(check.text.contains(text), "\(text)")
        }
        let stalled = try NativeTimelineSVG.render(.analyzed(try NativeRecording.analyze(path: launchRecordings + "/stall.jsonl"))).svg
        #expect(XMLCheck.parse(stalled).check.text.contains("stalled: 10000 ms loading"))
        #expect(XMLCheck.parse(stalled).check.text.contains("1 stalled"))
    }

    @Test("text from the recording cannot inject markup")
    func hostile() throws {
        let hostile = #"</text><script>alert(\"x\")</script><a href='javascript:1'>&amp;\u0001"#
        let path = try temporaryRecording(
            "hostile.jsonl",
            [
                iosMeta,
                #"{"t":0,"type":"launch"}"#,
                #"{"t":0,"type":"app-screen","screen":"\#(hostile)"}"#,
                #"{"t":10,"type":"presented","surface":"\#(hostile)","error":{"kind":"web","code":-1009}}"#,
                #"{"t":20,"type":"app-retry","surface":"\#(hostile)","kind":"auto"}"#,
                #"{"t":900,"type":"bridge","component":"\#(hostile)","event":"connect"}"#,
            ])
        let analyzed = try NativeRecording.analyze(path: path)
        #expect(!analyzed.launch.findings.isEmpty && !analyzed.retryFindings.isEmpty)
        let svg = try NativeTimelineSVG.render(.analyzed(analyzed)).svg
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(!check.elements.contains("script") && !check.elements.contains("a"))
        #expect(!svg.contains("<script"))
        #expect(!check.attributes.keys.contains { $0.hasSuffix("href") })
        #expect(!svg.unicodeScalars.contains { $0.value == 1 })
        #expect(check.text.contains("<script>alert(\"x\")</script>"))
    }

    @Test("a native log with no timed record still renders")
    func empty() throws {
        let path = try temporaryRecording("empty.jsonl", [iosMeta])
        #expect(XMLCheck.parse(try NativeTimelineSVG.render(.analyzed(try NativeRecording.analyze(path: path))).svg).ok)
    }
}
