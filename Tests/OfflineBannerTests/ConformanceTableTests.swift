import OfflineBanner
import Testing

/// What the page showed (`seen`) held against the model, one case per row of
/// docs/recording-format.md's conformance table: each row a model timeline, what the page
/// showed, and the differences named.
@Suite("Conformance: what the page showed against the model")
struct ConformanceTableTests {
    static let pill = "Sin conexión"
    static let back = "De nuevo en línea"
    static let toast = "No se ha podido enviar. Tu texto sigue aquí…"

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var model: [BannerChange]
        var page: [PageObservation]
        /// (kind, model time, page time) of each difference, in time order.
        var expected: [Found]
        var testDescription: String { name }
    }

    struct Found: Equatable, Sendable, CustomStringConvertible {
        var kind: SeenDifference.Kind
        var t: Double
        var shownAt: Double?
        var description: String { "\(kind.rawValue) at \(t) (page \(shownAt.map { "\($0)" } ?? "-"))" }
    }

    static func up(_ t: Double, _ label: String = pill, _ cause: BannerCause = .offline) -> BannerChange {
        BannerChange(t: t, banner: .offline, label: label, cause: cause)
    }
    static func flash(_ t: Double) -> BannerChange { BannerChange(t: t, banner: .backOnline, label: back, cause: .online) }
    static func hide(_ t: Double, _ cause: BannerCause = .flashElapsed) -> BannerChange {
        BannerChange(t: t, banner: .hidden, label: nil, cause: cause)
    }
    static func seen(_ t: Double, _ text: String?, preview: Bool = false) -> PageObservation {
        .seen(BannerSeen(t: t, visible: text != nil, text: text ?? "", preview: preview))
    }

    /// The episode of offline-form-submit: a debounce's pill, a dead submission's message,
    /// the green flash, and the flash ending.
    static let episode = [up(1534.6), up(2483.2, toast, .submitFailed), flash(3509), hide(5509)]

    static let rows: [Row] = [
        Row(
            name: "every change shown in time → no difference",
            model: episode,
            page: [seen(205, nil), seen(1535.1, pill), seen(2484, toast), seen(3510, back), seen(5553.4, nil)],
            expected: []),
        Row(
            name: "no seen at all → nothing judged",
            model: episode, page: [], expected: []),
        Row(
            name: "the page's debounce is 1500 → the pill late",
            model: episode,
            page: [seen(205, nil), seen(2234.6, pill), seen(2484, toast), seen(3510, back), seen(5510, nil)],
            expected: [Found(kind: .late, t: 1534.6, shownAt: 2234.6)]),
        Row(
            name: "the page's flash is 1000 → hidden early",
            model: episode,
            page: [seen(205, nil), seen(1535, pill), seen(2484, toast), seen(3510, back), seen(4510, nil)],
            expected: [Found(kind: .early, t: 5509, shownAt: 4510)]),
        Row(
            name: "the page forgets the submission's message → missing",
            model: episode,
            page: [seen(205, nil), seen(1535, pill), seen(3510, back), seen(5510, nil)],
            expected: [Found(kind: .missing, t: 2483.2, shownAt: nil)]),
        Row(
            name: "the page shows another label in time → wrong text",
            model: episode,
            page: [seen(205, nil), seen(1535, "No connection"), seen(2484, toast), seen(3510, back), seen(5510, nil)],
            expected: [Found(kind: .wrongText, t: 1534.6, shownAt: 1535)]),
        Row(
            name: "the page raises a pill the model never showed → extra",
            model: [],
            page: [seen(205, nil), seen(900, pill), seen(1200, nil)],
            expected: [Found(kind: .extra, t: 900, shownAt: 900)]),
        Row(
            name: "an event's change 20 ms late (beyond one frame, 16) → late",
            model: [up(1000, pill, .fetchRequestError)],
            page: [seen(0, nil), seen(1020, pill)],
            expected: [Found(kind: .late, t: 1000, shownAt: 1020)]),
        Row(
            name: "an event's change 6.9 ms late (as real Chromium on a busy machine) → in time",
            model: [up(1000, pill, .fetchRequestError)],
            page: [seen(0, nil), seen(1006.9, pill)],
            expected: []),
        Row(
            name: "an event's change 3 ms late → in time",
            model: [up(1000, pill, .fetchRequestError)],
            page: [seen(0, nil), seen(1003, pill)],
            expected: []),
        Row(
            name: "a timer's change 60 ms late (jitter) → in time",
            model: [up(1600)],
            page: [seen(0, nil), seen(1660, pill)],
            expected: []),
        Row(
            name: "a timer's change 5 ms early → early (a timer is never early)",
            model: [up(1600)],
            page: [seen(0, nil), seen(1595, pill)],
            expected: [Found(kind: .early, t: 1600, shownAt: 1595)]),
        Row(
            name: "two changes in one task, the page shows only the second → no difference",
            model: [up(2517.9, pill, .fetchRequestError), up(2518.7, toast, .submitFailed)],
            page: [seen(0, nil), seen(2519, toast)],
            expected: []),
        Row(
            name: "two changes in one task, the page shows both → no difference",
            model: [up(2517.9, pill, .fetchRequestError), up(2518.7, toast, .submitFailed)],
            page: [seen(0, nil), seen(2518, pill), seen(2519, toast)],
            expected: []),
        Row(
            name: "after pagehide nothing is seen until the next document's first seen",
            model: [up(1000, pill, .fetchRequestError), hide(1500, .pagehide), up(1700, pill, .connectOffline)],
            page: [seen(0, nil), seen(1000.5, pill), .documentEnded(t: 1500), seen(1702, pill)],
            expected: []),
        Row(
            name: "the next document's first seen hides the model's pill → missing",
            model: [up(1000, pill, .fetchRequestError), hide(1500, .pagehide), up(1700, pill, .connectOffline)],
            page: [seen(0, nil), seen(1000.5, pill), .documentEnded(t: 1500), seen(1702, nil)],
            expected: [Found(kind: .missing, t: 1702, shownAt: 1702)]),
        Row(
            name: "a cache preview's pill is never judged",
            model: [up(1000, pill, .fetchRequestError), hide(1400, .disconnect)],
            page: [seen(0, nil), seen(1000.5, pill), seen(1300, nil, preview: true), seen(1350, back, preview: true), seen(1401, nil)],
            expected: []),
        Row(
            name: "a morph hides the flash 525 ms in → hidden early",
            model: [up(1534.6), flash(3509), hide(5509)],
            page: [seen(0, nil), seen(1535, pill), seen(3510, back), seen(4034, nil)],
            expected: [Found(kind: .early, t: 5509, shownAt: 4034)]),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) {
        let comparison = BannerConformance.compare(model: row.model, page: row.page)
        #expect(comparison.differences.map { Found(kind: $0.kind, t: $0.t, shownAt: $0.shownAt) } == row.expected)
    }

    /// The recording's end: what the model decides once the log has stopped (its timers fire at
    /// `finish`) was never watched. A capture taken during the green flash is the common case.
    @Test(
        "after the recording's last record nothing is judged",
        arguments: [
            // The flash ends at 5509, after the last record (5000): not missing.
            (5000.0, [Found]()),
            // The log ends 50 ms after the flash's end, inside the timer's 100 ms: not yet missing.
            (5559.0, [Found]()),
            // The log ran past the window: the page kept the green pill, a real miss.
            (5700.0, [Found(kind: .missing, t: 5509, shownAt: nil)]),
        ] as [(Double, [Found])])
    func watchedUntil(end: Double, expected: [Found]) {
        let comparison = BannerConformance.compare(
            model: [Self.up(1534.6), Self.flash(3509), Self.hide(5509)],
            page: [Self.seen(0, nil), Self.seen(1535, Self.pill), Self.seen(3510, Self.back)], watchedUntil: end)
        #expect(comparison.differences.map { Found(kind: $0.kind, t: $0.t, shownAt: $0.shownAt) } == expected)
    }

    @Test("the tolerances are settable: 5 ms for events makes a 10 ms late change late, 25 ms a 20 ms late one in time")
    func settableTolerance() {
        let tight = BannerConformance.compare(
            model: [Self.up(1000, Self.pill, .fetchRequestError)], page: [Self.seen(0, nil), Self.seen(1010, Self.pill)],
            tolerance: SeenTolerance(eventMs: 5))
        #expect(tight.differences.map(\.kind) == [.late])
        let wide = BannerConformance.compare(
            model: [Self.up(1000, Self.pill, .fetchRequestError)], page: [Self.seen(0, nil), Self.seen(1020, Self.pill)],
            tolerance: SeenTolerance(eventMs: 25))
        #expect(wide.differences.isEmpty)
    }

    @Test("the fit: pills 700 ms late behave like debounceMs 1500")
    func fitDebounce() {
        let comparison = BannerConformance.compare(
            model: [Self.up(1534.6), Self.flash(3509), Self.up(5000), Self.flash(7000), Self.hide(9000)],
            page: [
                Self.seen(0, nil), Self.seen(2236, Self.pill), Self.seen(3510, Self.back), Self.seen(5700.3, Self.pill),
                Self.seen(7001, Self.back), Self.seen(9010, nil),
            ])
        #expect(comparison.fit(settings: BannerSettings()) == SeenFit(debounceMs: 1500))
    }

    /// A browser's timer is only ever late: what is over the page's setting is jitter, so the
    /// fit rounds down. A CI run saw a 1500 ms debounce fire 7.1 ms late, which used to read 1510.
    @Test(
        "the fit rounds down to 10 ms: the jitter sits on top of the page's setting",
        arguments: [(707.1, 1500.0), (700.0, 1500), (709.9, 1500), (710.0, 1510), (650.2, 1450)])
    func fitRoundsDown(late: Double, fitted: Double) {
        let comparison = BannerConformance.compare(
            model: [Self.up(1000), Self.flash(3000), Self.hide(5000)],
            page: [Self.seen(0, nil), Self.seen(1000 + late, Self.pill), Self.seen(3000.5, Self.back), Self.seen(5001, nil)])
        #expect(comparison.fit(settings: BannerSettings()) == SeenFit(debounceMs: fitted))
    }

    @Test("the fit: flashes 1000 ms short behave like flashMs 1000")
    func fitFlash() {
        let comparison = BannerConformance.compare(
            model: Self.episode,
            page: [
                Self.seen(205, nil), Self.seen(1535, Self.pill), Self.seen(2484, Self.toast),
                Self.seen(3510, Self.back), Self.seen(4510, nil),
            ])
        #expect(comparison.fit(settings: BannerSettings()) == SeenFit(flashMs: 1000))
    }

    @Test("no fit when the page's pills are off both ways")
    func noFitWhenInconsistent() {
        let comparison = BannerConformance.compare(
            model: [Self.up(1000), Self.hide(1500, .online), Self.up(3000)],
            page: [Self.seen(0, nil), Self.seen(1400, Self.pill), Self.seen(1500, nil), Self.seen(2800, Self.pill)])
        #expect(comparison.fit(settings: BannerSettings()) == SeenFit())
    }
}
