import AppSession
import NativeErrorPolicy
import OfflineBanner
import Testing

@testable import TestSupport

/// The streamed session (`SessionMerge` and `SessionMeasurer`, what `session` runs) against the
/// whole one (`AppSession`, every list at once): the same lines in the same order, the same
/// drops, edges, findings and counts, on the equal-time rows that need care and on random pairs.
@Suite("The streamed session is the whole one")
struct StreamingTests {
    let connect = BannerInput.connect(context: nil, online: true)
    let failed = BannerInput.fetchRequestError(FetchRequestError())
    /// Without a debounce the pill comes at the very time of its record: equal times are easy.
    static let instant = BannerSettings(debounce: 0, flash: 0)

    @Test("an edge at the time a banner record leaves the pill: edgeToClear 0, as the whole session says")
    func edgeAtClear() {
        // The pill is up from 0 (a failed request); at 1000 the app is back and the page too.
        let pair = Pair(
            web: [(0, connect), (0, failed), (1000, .online)],
            native: [(0, .path(online: true)), (500, .path(online: false)), (1000, .path(online: true))])
        pair.expectSame()
        #expect(pair.streamed.edges.last?.edgeToClear == pair.whole.edges.last?.edgeToClear)
    }

    @Test("a drop at the time the pill comes: dropToPill 0 (the state at the drop includes the page's records at it)")
    func dropAtPill() {
        Pair(web: [(0, connect), (1000, .offline)], native: [(0, .path(online: true)), (1000, .path(online: false))]).expectSame()
    }

    @Test("a drop and an edge at one instant: the drop is unannounced unless the pill was already up")
    func dropAndEdgeAtOnce() {
        Pair(
            web: [(0, connect), (1000, .offline)],
            native: [(0, .path(online: true)), (1000, .path(online: false)), (1000, .path(online: true)), (3000, .path(online: false))]
        ).expectSame()
        Pair(
            web: [(0, connect), (500, failed), (1000, .online)],
            native: [(0, .path(online: true)), (1000, .path(online: false)), (1000, .path(online: true)), (1000, .path(online: false))]
        ).expectSame()
    }

    @Test("two edges at one instant with an offline view up: stuck findings, each kind before the next")
    func edgesAtOnce() {
        Pair(
            web: [(0, connect), (10, failed)],
            native: [
                (0, .path(online: false)), (5, .presented(surface: "tab:home", error: .web(.code(-1009)))), (100, .path(online: true)),
                (100, .path(online: false)), (100, .path(online: true)),
            ]
        ).expectSame()
    }

    @Test("a connect at the edge's time is the page that came (edgeToPage 0)")
    func connectAtEdge() {
        Pair(
            web: [(0, connect), (2000, connect)],
            native: [
                (0, .path(online: false)), (5, .presented(surface: "tab:home", error: .web(.code(-1009)))), (2000, .path(online: true)),
            ]
        ).expectSame()
    }

    @Test("random pairs on a coarse clock (many equal times): the streamed session is the whole one", arguments: 0..<300)
    func random(seed: Int) {
        var generator = SeededRandom(seed: UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
        let times = (0..<generator.int(in: 1...40)).map { _ in Double(generator.int(in: 0...12) * 250) }.sorted()
        let web: [(Double, BannerInput?)] = times.map { t in
            (t, generator.pick([BannerInput.offline, .online, failed, connect, nil]))
        }
        let nativeTimes = (0..<generator.int(in: 1...40)).map { _ in Double(generator.int(in: 0...12) * 250) }.sorted()
        let native: [(Double, PolicyInput?)] = nativeTimes.map { t in
            let inputs: [PolicyInput?] = [
                .path(online: true), .path(online: false), .path(online: true), .path(online: false),
                .presented(surface: "tab:home", error: .web(.code(-1009))), .tapRetry(surface: "tab:home"), nil,
            ]
            return (t, generator.pick(inputs))
        }
        let offset = generator.pick([0.0, 250, -250, 125.5])
        let lateMs = generator.pick([0.0, 250, 2000])
        let settings = generator.pick([Self.instant, BannerSettings(debounce: 250, flash: 500)])
        let skew = generator.pick([0.0, 250, 1000])
        let cuts = generator.pick([(false, false), (false, false), (true, false), (false, true), (true, true)])
        Pair(web: web, native: native, offset: offset, lateMs: lateMs, banner: settings, skewToleranceMs: skew, cut: cuts)
            .expectSame("seed \(seed)")
    }
}

/// One pair of inline logs, as a whole session and as a streamed one.
struct Pair {
    var whole: AppSession
    var streamed: Streamed

    struct Streamed {
        var lines: [SessionLine] = []
        var drops: [SessionDrop] = []
        var edges: [SessionEdge] = []
        var findings: [SessionFinding] = []
        var measurer: SessionMeasurer
        /// The most items the merge held at once, and the most the measurer held.
        var mostWaiting = 0
        var mostHeld = 0
    }

    init(
        web: [(Double, BannerInput?)], native: [(Double, PolicyInput?)], offset: Double = 0, lateMs: Double = SessionSettings.defaultLateMs,
        banner: BannerSettings = StreamingTests.instant, skewToleranceMs: Double = SessionSettings.defaultSkewToleranceMs,
        cut: (web: Bool, native: Bool) = (false, false)
    ) {
        var webLog = WebSessionLog(settings: banner)
        for (t, input) in web { webLog.feed(input, at: t) }
        webLog.finish()
        var nativeLog = NativeSessionLog()
        for (t, input) in native { nativeLog.feed(input, at: t) }
        nativeLog.finish()
        // A cut log ends at its last record.
        let cutAt = [cut.web ? web.last?.0 : nil, cut.native ? native.last.map { $0.0 + offset } : nil].compactMap { $0 }
        let settings = SessionSettings(lateMs: lateMs, skewToleranceMs: skewToleranceMs)
        whole = AppSession(web: webLog, native: nativeLog, offset: offset, settings: settings, cutAt: cutAt)
        streamed = Self.stream(web: web[...], native: native[...], offset: offset, settings: settings, banner: banner, cut: cut)
    }

    /// Both logs fed record by record, the one behind first, as `session` reads them.
    static func stream(
        web: ArraySlice<(Double, BannerInput?)>, native: ArraySlice<(Double, PolicyInput?)>, offset: Double, settings: SessionSettings,
        banner: BannerSettings, cut: (web: Bool, native: Bool)
    ) -> Streamed {
        var (web, native) = (web, native)
        var webLog = WebSessionLog(settings: banner), nativeLog = NativeSessionLog()
        var merge = SessionMerge()
        var out = Streamed(measurer: SessionMeasurer(lateMs: settings.lateMs, skewToleranceMs: settings.skewToleranceMs))
        var measures: [SessionMeasure] = []
        func pass() {
            out.mostWaiting = max(out.mostWaiting, merge.waiting)
            while let item = merge.next() {
                switch item {
                case .line(let line, let viewUp):
                    out.measurer.feed(line, offlineViewUp: viewUp, into: &measures)
                    out.lines.append(line)
                case .connect(let t):
                    out.measurer.connect(at: t, into: &measures)
                }
                out.mostHeld = max(out.mostHeld, out.measurer.held)
            }
        }
        while let side = merge.behind {
            if side == .webLines {
                if let (t, input) = web.popFirst() {
                    webLog.feed(input, at: t)
                } else {
                    webLog.finish()
                    merge.finishWeb()
                    if cut.web, let last = webLog.lastRecord { out.measurer.logCut(at: last) }
                }
                webLog.drain(into: &merge)
            } else {
                if let (t, input) = native.popFirst() {
                    nativeLog.feed(input, at: t)
                } else {
                    nativeLog.finish()
                    merge.finishNative()
                    if cut.native, let last = nativeLog.lastRecord { out.measurer.logCut(at: last + offset) }
                }
                nativeLog.drain(into: &merge, offset: offset)
            }
            pass()
        }
        out.measurer.finish(into: &measures)
        for measure in measures {
            switch measure {
            case .drop(let drop): out.drops.append(drop)
            case .edge(let edge): out.edges.append(edge)
            case .finding(let finding): out.findings.append(finding)
            }
        }
        return out
    }

    func expectSame(_ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(streamed.lines == whole.lines, "\(comment) lines", sourceLocation: sourceLocation)
        #expect(streamed.drops == whole.drops, "\(comment) drops", sourceLocation: sourceLocation)
        #expect(streamed.edges == whole.edges, "\(comment) edges", sourceLocation: sourceLocation)
        #expect(streamed.findings == whole.findings, "\(comment) findings", sourceLocation: sourceLocation)
        let m = streamed.measurer, s = whole.summary
        #expect(m.drops == s.drops && m.unannounced == s.unannounced && m.edges == s.edges, "\(comment) counts", sourceLocation: sourceLocation)
        #expect(m.stuckClears == s.edgeToClear.stuck && m.stuckPages == s.edgeToPage.stuck, "\(comment) stuck", sourceLocation: sourceLocation)
        #expect(m.findingCounts == s.findings, "\(comment) finding counts", sourceLocation: sourceLocation)
        let skew = m.clockSkew.count > 0 ? m.clockSkew : nil
        #expect(skew?.pairs == s.clockSkew?.pairs && skew?.count == s.clockSkew?.count, "\(comment) clock-skew", sourceLocation: sourceLocation)
    }
}
