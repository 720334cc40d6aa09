import BannerFindings
import Foundation
import NativeFindings
import OfflineBanner
import Testing
import TurboRecording

@testable import Pictures
@testable import TestSupport

/// `render` keeps what it draws, not the recording (issue #20, item 13): each lane at most
/// `maxMarks` marks, the rest counted and said in the picture, and `--from`/`--to` draw a window.
@Suite struct BoundedRenderTests {
    /// `cycles` network cuts of 10 s, each with a failed frame fetch while offline.
    static func recording(cycles: Int) throws -> String {
        var lines = [#"{"type":"meta","version":1,"source":"test"}"#, #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#]
        for k in 0..<cycles {
            let t = 10_000 * (k + 1)
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            lines.append(
                #"{"t":\#(t + 500),"type":"turbo:fetch-request-error","url":"http://x/f","method":"GET","target":"turbo-frame#feed","error":"TypeError: Failed to fetch"}"#
            )
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
        try BannerRecording.analyze(reader, with: &analyzer) { lanes.add($0) }
        #expect(lanes.failures.marks.count == 50)
        #expect(lanes.failures.elided == 250)
        #expect(lanes.failures.elidedFrom == 510_500)
        #expect(lanes.bannerSpans.marks.count == 50)
        #expect(lanes.onlineSpans.marks.count <= 50)

        let (svg, skipped) = try TimelineSVG.render(.lines(JSONLines(path: path), BannerSettings()), limits: RenderLimits(maxMarks: 50))
        #expect(skipped == 0)
        #expect(XMLCheck.parse(svg).ok)
        #expect(Self.count("failure at ", in: svg) == 50)
        #expect(svg.contains("not drawn, past 50 marks a lane"))
        #expect(svg.contains("250 network failures from 510500 ms"))
    }

    @Test func aWindowDrawsOnlyItsTimeAndSaysSo() throws {
        let path = try Self.recording(cycles: 30)
        let (svg, _) = try TimelineSVG.render(.lines(JSONLines(path: path), BannerSettings()), limits: RenderLimits(from: 95_000, to: 125_000))
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
        let (svg, _) = try TimelineSVG.render(.lines(JSONLines(path: path), BannerSettings()))
        #expect(Self.count("failure at ", in: svg) == 30)
        #expect(!svg.contains("not drawn") && !svg.contains("tr-window"))
        // The same picture as from a log analysed whole.
        #expect(svg == (try TimelineSVG.render(.analyzed(try BannerRecording.analyze(path: path)))).svg)
    }

    @Test func theCLIRefusesAnEmptyWindow() throws {
        let path = try Self.recording(cycles: 3)
        let run = try turboReplay(["render", path, "--from", "500", "--to", "500", "-o", "-"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--to' must be after '--from'"))
        let marks = try turboReplay(["render", path, "--max-marks", "0", "-o", "-"])
        #expect(marks.status == 64)
        let ok = try turboReplay(["render", path, "--from", "15000", "--max-marks", "1", "-o", "-"])
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
        let all = try NativeTimelineSVG.render(lines: JSONLines(path: path)).svg
        #expect(Self.count("<title>offline view, ", in: all) == 200)
        #expect(!all.contains("not drawn"))
        let bounded = try NativeTimelineSVG.render(lines: JSONLines(path: path), limits: RenderLimits(maxMarks: 10)).svg
        #expect(XMLCheck.parse(bounded).ok)
        #expect(Self.count("<title>offline view, ", in: bounded) == 10)
        #expect(bounded.contains("190 error-view decisions from 11000 ms"))
        let window = try NativeTimelineSVG.render(lines: JSONLines(path: path), limits: RenderLimits(from: 50_500, to: 60_500)).svg
        #expect(Self.count("<title>offline view, ", in: window) == 10)
        #expect(window.contains("offline view, s51 at 51000 ms") && !window.contains("s50 at"))
        #expect(window.contains("window 50500 to 60500 ms"))
    }

    /// `cycles` launches of 20 s, each through an offline first visit (the root error screen,
    /// an error view, an automatic retry), the app's own screens, and the network back.
    static func nativeRecording(cycles: Int) throws -> String {
        var lines = [#"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#]
        for k in 0..<cycles {
            let t = 20_000 * k
            lines += [
                #"{"t":\#(t),"type":"launch","cold":true}"#, #"{"t":\#(t),"type":"app-screen","screen":"loading"}"#,
                #"{"t":\#(t + 2),"type":"path","online":false}"#,
                #"{"t":\#(t + 1500),"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009}}"#,
                #"{"t":\#(t + 9000),"type":"path","online":true}"#,
                #"{"t":\#(t + 9400),"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
                #"{"t":\#(t + 12000),"type":"bridge","component":"page-load","event":"connect"}"#,
                #"{"t":\#(t + 12001),"type":"app-screen","screen":"web"}"#,
            ]
        }
        return try Fixtures.file(lines.joined(separator: "\n") + "\n", name: "native-cycles.jsonl")
    }

    @Test func aNativeLogIsDrawnAsItIsReadKeepingAtMostItsMarksALane() throws {
        let path = try Self.nativeRecording(cycles: 400)
        let explanation = try explainNative(NativeRecordingReader(path: path))
        let decisions = explanation.decisions + explanation.afterEnd
        // The first limits' lanes and picture are the ones the capped checks below read.
        var cappedRead: (lanes: NativeLanes, svg: String)?
        for limits in [RenderLimits(maxMarks: 25), RenderLimits(from: 1_000_000, to: 3_000_000, maxMarks: 40), RenderLimits()] {
            let read = try NativeLanes.read(lines: try JSONLines(path: path), config: NativeConfig(), lenient: false, limits: limits) { _ in }
            let lanes = read.lanes
            let launch = try #require(lanes.section(LaunchLanes.self)), views = try #require(lanes.section(ErrorViewLanes.self))
            // What is held while reading is the lanes, not the log's timelines, rows or screens.
            #expect(launch.launch.timeline.isEmpty && launch.launch.rows.isEmpty && launch.launch.appScreens.isEmpty && launch.launch.findings.isEmpty)
            #expect(launch.screens.marks.count <= limits.maxMarks && launch.launchMarks.marks.count <= limits.maxMarks)
            #expect(launch.appSpans.marks.count <= limits.maxMarks && launch.mismatches.marks.count <= limits.maxMarks)
            #expect(views.decisions.marks.count <= limits.maxMarks && lanes.connectivity.marks.count <= limits.maxMarks)
            #expect(lanes.flags.count <= RenderLimits.maxFindings + 1)
            let (svg, _) = try NativeTimelineSVG.render(lines: JSONLines(path: path), limits: limits)
            #expect(XMLCheck.parse(svg).ok)
            if cappedRead == nil { cappedRead = (lanes, svg) }
        }
        let (cappedLanes, svg) = try #require(cappedRead)
        let capped = try #require(cappedLanes.section(ErrorViewLanes.self)), cappedLaunch = try #require(cappedLanes.section(LaunchLanes.self))
        // Each cycle: an error view and an automatic retry; the 26th decision is cycle 12's retry.
        #expect(capped.decisions.marks.count == 25)
        #expect(capped.decisions.elided == decisions.count - 25)
        #expect(decisions.count == 800)
        #expect(capped.decisions.elidedFrom == decisions[25].t && decisions[25].t == 12 * 20_000 + 9400)
        #expect(cappedLaunch.launchMarks.elided > 0 && cappedLaunch.screens.elided > 0 && cappedLaunch.appSpans.elided > 0)
        #expect(capped.errorViews == 400)
        #expect(svg.contains("not drawn, past 25 marks a lane (25 findings)"))
        #expect(svg.contains("\(decisions.count - 25) error-view decisions from 249400 ms"))
        #expect(svg.contains("error views 400"))
    }
}
