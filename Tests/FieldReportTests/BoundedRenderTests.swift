import Foundation
import BannerFindings
import OfflineBanner
@testable import TestSupport
import Testing
import TurboRecording
@testable import Pictures
import NativeFindings

/// `render` keeps what it draws, not the recording (issue #20, item 13): each lane at most
/// `maxMarks` marks, the rest counted and said in the picture, and `--from`/`--to` draw a window.
@Suite struct BoundedRenderTests {
    /// `cycles` network cuts of 10 s, each with a failed frame fetch while offline.
    static func recording(cycles: Int) throws -> String {
        var lines = [#"{"type":"meta","version":1,"source":"test"}"#, #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#]
        for k in 0..<cycles {
            let t = 10_000 * (k + 1)
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            lines.append(#"{"t":\#(t + 500),"type":"turbo:fetch-request-error","url":"http://x/f","method":"GET","target":"turbo-frame#feed","error":"TypeError: Failed to fetch"}"#)
            lines.append(#"{"t":\#(t + 1000),"type":"online"}"#)
        }
        return try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "cuts.jsonl")
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func eachLaneKeepsAtMostItsMarksAndThePictureSaysHowManyMore() throws {
        let path = try Self.recording(cycles: 300)
        var lanes = BannerLanes(limits: RenderLimits(maxMarks: 50))
        let reader = try RecordingReader(path: path, keepObserved: true)
        var analyzer = BannerAnalyzer(settings: BannerSettings())
        try BannerSession.analyze(reader, with: &analyzer) { lanes.add($0) }
        #expect(lanes.failures.marks.count == 50)
        #expect(lanes.failures.elided == 250)
        #expect(lanes.failures.elidedFrom == 510_500)
        #expect(lanes.bannerSpans.marks.count == 50)
        #expect(lanes.onlineSpans.marks.count <= 50)

        let (svg, skipped) = try TimelineSVG.render(path: path, limits: RenderLimits(maxMarks: 50))
        #expect(skipped == 0)
        #expect(XMLCheck.parse(svg).ok)
        #expect(Self.count("failure at ", in: svg) == 50)
        #expect(svg.contains("not drawn, past 50 marks a lane"))
        #expect(svg.contains("250 network failures from 510500 ms"))
    }

    @Test func aWindowDrawsOnlyItsTimeAndSaysSo() throws {
        let path = try Self.recording(cycles: 30)
        let (svg, _) = try TimelineSVG.render(path: path, limits: RenderLimits(from: 95_000, to: 125_000))
        #expect(XMLCheck.parse(svg).ok)
        // Failures at 100.5 s, 110.5 s and 120.5 s only.
        #expect(Self.count("failure at ", in: svg) == 3)
        #expect(svg.contains("failure at 100500 ms"))
        #expect(!svg.contains("failure at 90500 ms"))
        #expect(svg.contains("window 95000 to 125000 ms"))
        #expect(svg.contains("clip-path=\"url(#tr-window)\""))
        #expect(!svg.contains("not drawn"))
    }

    @Test func aWholePictureUnderTheLimitSaysNothingOfLimits() throws {
        let path = try Self.recording(cycles: 30)
        let (svg, _) = try TimelineSVG.render(path: path)
        #expect(Self.count("failure at ", in: svg) == 30)
        #expect(!svg.contains("not drawn") && !svg.contains("tr-window"))
        // The same picture as from a session analysed whole.
        #expect(svg == TimelineSVG.render(try BannerSession.analyze(path: path)))
    }

    @Test func theCLIRefusesAnEmptyWindow() throws {
        let path = try Self.recording(cycles: 3)
        let run = try Fixtures.run(["render", path, "--from", "500", "--to", "500", "-o", "-"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--to' must be after '--from'"))
        let marks = try Fixtures.run(["render", path, "--max-marks", "0", "-o", "-"])
        #expect(marks.status == 64)
        let ok = try Fixtures.run(["render", path, "--from", "15000", "--max-marks", "1", "-o", "-"])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("window 15000 to end ms"))
        #expect(ok.stdout.contains("not drawn, past 1 marks a lane"))
    }

    @Test func aNativePictureKeepsAtMostItsMarksAndDrawsAWindow() throws {
        var lines = [#"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#, #"{"t":0,"type":"path","online":false}"#]
        for k in 1...200 {
            lines.append(#"{"t":\#(k * 1000),"type":"presented","surface":"s\#(k)","error":{"kind":"web","code":-1009}}"#)
        }
        let path = try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "views.jsonl")
        let session = try NativeSession.analyze(path: path)
        let all = NativeTimelineSVG.render(session)
        #expect(Self.count("<title>offline view, ", in: all) == 200)
        #expect(!all.contains("not drawn"))
        let bounded = NativeTimelineSVG.render(session, limits: RenderLimits(maxMarks: 10))
        #expect(XMLCheck.parse(bounded).ok)
        #expect(Self.count("<title>offline view, ", in: bounded) == 10)
        #expect(bounded.contains("190 error-view decisions from 11000 ms"))
        let window = NativeTimelineSVG.render(session, limits: RenderLimits(from: 50_500, to: 60_500))
        #expect(Self.count("<title>offline view, ", in: window) == 10)
        #expect(window.contains("offline view, s51 at 51000 ms") && !window.contains("s50 at"))
        #expect(window.contains("window 50500 to 60500 ms"))
    }
}
