import OfflineBanner
import Testing

@testable import BannerFindings

/// `banner-drift`, one test per row: the page's own banner (`seen`) against the model's changes,
/// at the first difference of each pill episode, with the fit.
@Suite("banner-drift")
struct BannerDriftDetectorTests {
    static let pill = "Sin conexión"
    static let back = "De nuevo en línea"

    enum Step {
        case change(BannerChange)
        case seen(Double, String?, line: Int)
        case pagehide(Double, line: Int)
        case render(Double, morph: Bool, line: Int)
    }

    static func up(_ t: Double, _ cause: BannerCause = .offline) -> Step {
        .change(BannerChange(t: t, banner: .offline, label: pill, cause: cause))
    }
    static func flash(_ t: Double) -> Step { .change(BannerChange(t: t, banner: .backOnline, label: back, cause: .online)) }
    static func hide(_ t: Double, _ cause: BannerCause = .flashElapsed) -> Step {
        .change(BannerChange(t: t, banner: .hidden, label: nil, cause: cause))
    }

    func found(_ steps: [Step], settings: BannerSettings = BannerSettings()) -> FoundFindings {
        var detector = BannerDriftDetector(settings: settings)
        var found = FoundFindings.explaining
        for step in steps {
            switch step {
            case .change(let change): detector.changed(change, into: &found)
            case .seen(let t, let text, let line):
                detector.seen(BannerSeen(t: t, visible: text != nil, text: text ?? ""), line: line, into: &found)
            case .pagehide(let t, let line):
                detector.sent(.pagehide(persisted: false), .at(line: line, t: t), into: &found)
            case .render(let t, let morph, let line):
                detector.rendered(PageRender(t: t, morph: morph), line: line)
            }
        }
        detector.finishReportingAll(into: &found)
        return found
    }

    @Test("no seen in the recording | nothing")
    func noSeen() {
        #expect(found([Self.up(1534.6), Self.flash(3509), Self.hide(5509)]).kinds.isEmpty)
    }

    @Test("every change shown in time | nothing")
    func conforms() {
        let steps: [Step] = [
            .seen(180, nil, line: 2), Self.up(1534.6), .seen(1535.1, Self.pill, line: 4), Self.flash(3509),
            .seen(3509.4, Self.back, line: 6), Self.hide(5509), .seen(5553.4, nil, line: 8),
        ]
        #expect(found(steps).kinds.isEmpty)
    }

    @Test("pills 700 ms late in two episodes | one banner-drift each, with the fit debounceMs 1500")
    func lateWithFit() throws {
        let steps: [Step] = [
            .seen(180, nil, line: 2), Self.up(1534.6), .seen(2235.2, Self.pill, line: 4), Self.flash(3509),
            .seen(3509.4, Self.back, line: 6), Self.hide(5509), .seen(5510, nil, line: 8), Self.up(6800),
            .seen(7500.5, Self.pill, line: 10),
        ]
        let findings = found(steps).findings
        #expect(findings.map(\.kind) == [.bannerDrift, .bannerDrift])
        #expect(findings.map(\.t) == [1534.6, 6800])
        #expect(findings.first?.lines == [4])
        let first = try #require(findings.first)
        #expect(first.level == .warning)
        #expect(
            first.sentence
                == "The contract shows “Sin conexión” at 1534.6 (offline); the page showed it at 2235.2, 700.6 ms late (a timer's change may be up to 100 ms late, never early). This page's banner behaves like debounceMs 1500."
        )
    }

    @Test("two differences in one episode | only the first")
    func firstOfEpisode() {
        let steps: [Step] = [
            .seen(180, nil, line: 2), Self.up(1534.6), .seen(2235.2, Self.pill, line: 4), Self.flash(3509),
            .seen(3509.4, Self.back, line: 6), Self.hide(5509), .seen(4509, nil, line: 8),
        ]
        #expect(found(steps).findings.map(\.t) == [1534.6])
    }

    @Test("a flash 1000 ms short | banner-drift early, with the fit flashMs 1000")
    func earlyFlash() throws {
        let steps: [Step] = [
            .seen(180, nil, line: 2), Self.up(1534.6), .seen(1535, Self.pill, line: 4), Self.flash(3509),
            .seen(3509.4, Self.back, line: 6), Self.hide(5509), .seen(4509.8, nil, line: 8),
        ]
        let finding = try #require(found(steps).findings.first)
        let drift = try #require(finding.detail(as: BannerDrift.self), "not banner-drift")
        #expect(drift.difference.kind == .early)
        #expect(drift.fit == SeenFit(flashMs: 1000))
    }

    @Test("a morph refresh 500 ms into the flash hides the pill | banner-drift names the morph and its line, and fits no timer")
    func morphRefresh() throws {
        // recordings/seen/morph-refresh.jsonl: real Chromium, Turbo 8.0.23, the pill not data-turbo-permanent.
        let steps: [Step] = [
            .seen(94.3, nil, line: 4), Self.up(1218.6), .seen(1221.6, Self.pill, line: 6), Self.flash(1724.7),
            .seen(1725.9, Self.back, line: 8), .render(2267.2, morph: true, line: 11), .seen(2267.2, nil, line: 12),
            .render(2267.4, morph: true, line: 13), Self.hide(3724.7),
        ]
        let finding = try #require(found(steps).findings.first)
        let drift = try #require(finding.detail(as: BannerDrift.self), "not banner-drift")
        let (difference, fit) = (drift.difference, drift.fit)
        #expect(difference.kind == .early && difference.render == PageRender(t: 2267.2, morph: true))
        #expect(fit.isEmpty, "a morph is no timer: \(fit)")
        #expect(finding.lines == [11, 12])
        #expect(
            finding.sentence
                == "A morph refresh replaced the pill at 2267.2; mark it data-turbo-permanent (with an id) so that a morph keeps it. The contract shows hidden at 3724.7 (flash-elapsed); the page showed it at 2267.2, 1457.5 ms early (a timer's change may be up to 100 ms late, never early)."
        )
    }

    @Test("the same page change with no render near it | the fit the timer would explain, and no render named")
    func flashWithoutRender() throws {
        let steps: [Step] = [
            .seen(94.3, nil, line: 4), Self.up(1218.6), .seen(1221.6, Self.pill, line: 6), Self.flash(1724.7),
            .seen(1725.9, Self.back, line: 8), .render(2240, morph: true, line: 11), .seen(2267.2, nil, line: 12), Self.hide(3724.7),
        ]
        let finding = try #require(found(steps).findings.first)
        let drift = try #require(finding.detail(as: BannerDrift.self), "not banner-drift")
        let (difference, fit) = (drift.difference, drift.fit)
        // The render is 27.2 ms before the change: more than an event's 16 ms, so not the change's cause.
        #expect(difference.render == nil && fit == SeenFit(flashMs: 540))
        #expect(finding.lines == [12] && !finding.sentence.contains("morph"))
    }

    @Test("a render replaces the pill the model still shows | a Turbo render named, the pill missing")
    func replaceRender() throws {
        let steps: [Step] = [
            .seen(100, nil, line: 2), Self.up(1000), .seen(1001, Self.pill, line: 4), .render(1500, morph: false, line: 5),
            .seen(1500.2, nil, line: 6),
        ]
        let finding = try #require(found(steps).findings.first)
        let difference = try #require(finding.detail(as: BannerDrift.self), "not banner-drift").difference
        #expect(difference.kind == .missing && difference.render == PageRender(t: 1500, morph: false))
        #expect(finding.sentence.hasPrefix("A Turbo render replaced the pill at 1500; mark it data-turbo-permanent (with an id) so that a render keeps it. "))
    }

    @Test("a pagehide | nothing is judged until the next document's first seen")
    func acrossPagehide() {
        let steps: [Step] = [
            .seen(100, nil, line: 2), Self.up(1004.2, .fetchRequestError), .seen(1004.7, Self.pill, line: 4), Self.flash(1150),
            .seen(1150.3, Self.back, line: 6), .pagehide(1200, line: 7), Self.hide(1200, .pagehide), Self.up(1450, .connectOffline),
            .seen(1450.5, Self.pill, line: 9),
        ]
        #expect(found(steps).kinds.isEmpty)
    }

    @Test("the tolerance is the settings': seenTimerMs 800 lets a 700 ms late pill pass")
    func settableTolerance() {
        var settings = BannerSettings()
        settings.seenTolerance.timerMs = 800
        let steps: [Step] = [.seen(180, nil, line: 2), Self.up(1534.6), .seen(2235.2, Self.pill, line: 4)]
        #expect(found(steps, settings: settings).kinds.isEmpty)
    }

    @Test("a long recording with a seen after every change | what is held is the same at N and 10·N episodes")
    func flat() {
        /// `episodes` pill episodes, each seen as it changes, every third with another text.
        func held(_ episodes: Int) -> (most: Int, findings: Int) {
            var detector = BannerDriftDetector(settings: BannerSettings())
            var found = FoundFindings.explaining
            var most = 0
            for k in 0..<episodes {
                let t = Double(k) * 10_000 + 1000, line = 4 * k + 2
                detector.changed(BannerChange(t: t, banner: .offline, label: Self.pill, cause: .offline), into: &found)
                let text = k % 3 == 0 ? "Sin red" : Self.pill
                detector.seen(BannerSeen(t: t + 5, visible: true, text: text), line: line, into: &found)
                detector.changed(BannerChange(t: t + 3000, banner: .hidden, label: nil, cause: .online), into: &found)
                detector.seen(BannerSeen(t: t + 3005, visible: false, text: ""), line: line + 1, into: &found)
                most = max(most, detector.kept)
                #expect(detector.linesKept <= BannerDriftDetector.linesCap)
            }
            detector.finishReportingAll(into: &found)
            return (most, found.kinds.count)
        }
        let small = held(300), large = held(3000)
        #expect(large.most <= small.most, "held \(small.most) at 300 episodes, \(large.most) at 3000")
        #expect(small.findings == 100 && large.findings == 1000)
    }

    @Test("more findings than are held in memory | the rest come back from disk, the same as the whole comparison's")
    func spooled() {
        var detector = BannerDriftDetector(settings: BannerSettings())
        var found = FoundFindings.explaining
        var model: [BannerChange] = [], page: [PageObservation] = []
        let episodes = HeldDrift.inMemory + 300
        for k in 0..<episodes {
            let t = Double(k) * 10_000 + 1000.125, line = 4 * k + 2
            let up = BannerChange(t: t, banner: .offline, label: Self.pill, cause: .offline)
            let hide = BannerChange(t: t + 3000, banner: .hidden, label: nil, cause: .online)
            // Every episode's pill shows with another text, some with a quote in it.
            let seen = [
                BannerSeen(t: t + 5, visible: true, text: k % 2 == 0 ? "Sin red" : "Sin \"red\"|\n"), BannerSeen(t: t + 3005, visible: false, text: ""),
            ]
            detector.changed(up, into: &found)
            detector.seen(seen[0], line: line, into: &found)
            detector.changed(hide, into: &found)
            detector.seen(seen[1], line: line + 1, into: &found)
            model += [up, hide]
            page += seen.map(PageObservation.seen)
        }
        detector.finishReportingAll(into: &found)
        let whole = BannerConformance.compare(model: model, page: page, tolerance: BannerSettings().seenTolerance)
        let expected = whole.firstOfEachEpisode
        let got = found.findings.compactMap { $0.detail(as: BannerDrift.self)?.difference }
        #expect(expected.count == episodes && got == expected)
        #expect(found.findings.last?.lines == [4 * (episodes - 1) + 2])
    }
}
