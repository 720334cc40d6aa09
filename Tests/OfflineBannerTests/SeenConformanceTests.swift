import OfflineBanner
import Testing

/// `SeenConformance` streams what `BannerConformance.compare` used to compute whole: the same
/// differences in the same order, the same fit, on any input, while keeping only what the
/// tolerance windows need (issue #34).
@Suite("Streaming conformance equals the whole computation")
struct SeenConformanceTests {
    static let labels = ["Sin conexión", "De nuevo en línea", "No se ha podido enviar", "Offline"]
    static let causes: [BannerCause] = [.offline, .online, .flashElapsed, .submitFailed, .fetchRequestError]

    /// A model and a page drawn at random: ties at equal times, changes closer than an event's
    /// tolerance, previews, documents ending, Turbo's renders, a recording that ends before the
    /// model's timers.
    struct Case: CustomTestStringConvertible {
        var model: [BannerChange] = []
        var page: [PageObservation] = []
        var tolerance = SeenTolerance()
        var end = 0.0
        var testDescription: String { "\(model.count) changes, \(page.count) observations" }

        init(seed: UInt64) {
            var random = SplitMix(seed)
            tolerance = SeenTolerance(eventMs: Double(random.below(4)) * 8, timerMs: 40 + Double(random.below(4)) * 30)
            let span = 200 + random.below(3000)
            // Few distinct times make ties; a step of a few ms makes changes within one task.
            let step = [1, 5, 17, 60][random.below(4)]
            for _ in 0..<random.below(40) {
                let t = Double(random.below(span / step) * step) + (random.below(3) == 0 ? 0.5 : 0)
                model.append(Self.change(t, &random))
            }
            for _ in 0..<random.below(50) {
                let t = Double(random.below(span / step) * step) + (random.below(4) == 0 ? 0.5 : 0)
                page.append(Self.observation(t, &random))
            }
            model.sort { $0.t < $1.t }
            page.sort { $0.t < $1.t }
            // The last record: the page's last, or past it; the model's timers may run later.
            end = (page.last?.t ?? 0) + Double(random.below(2) * random.below(200))
        }

        static func change(_ t: Double, _ random: inout SplitMix) -> BannerChange {
            let cause = causes[random.below(causes.count)]
            if random.below(3) == 0 { return BannerChange(t: t, banner: .hidden, label: nil, cause: cause) }
            let banner: BannerState = random.below(2) == 0 ? .offline : .backOnline
            return BannerChange(t: t, banner: banner, label: labels[random.below(2)], cause: cause)
        }

        static func observation(_ t: Double, _ random: inout SplitMix) -> PageObservation {
            switch random.below(12) {
            case 0: return .documentEnded(t: t)
            case 10, 11: return .rendered(PageRender(t: t, morph: random.below(2) == 0))
            case 1: return .seen(BannerSeen(t: t, visible: true, text: labels[random.below(labels.count)], preview: true))
            case 2, 3, 4: return .seen(BannerSeen(t: t, visible: false, text: ""))
            default: return .seen(BannerSeen(t: t, visible: true, text: labels[random.below(labels.count)]))
            }
        }
    }

    /// Feeds `SeenConformance` as a replay does: at each time, the model's changes and the
    /// page's observations at it, then that time reached; the model's later timers at the end.
    static func streamed(_ row: Case, pendingSeenLimit: Int = SeenConformance.defaultPendingSeenLimit) -> (SeenComparison, Int) {
        var conformance = SeenConformance(tolerance: row.tolerance, pendingSeenLimit: pendingSeenLimit)
        var differences: [SeenDifference] = []
        var model = row.model[...], page = row.page[...]
        var mostKept = 0
        let times = Set(row.model.map(\.t) + row.page.map(\.t)).filter { $0 <= row.end }.sorted()
        for t in times {
            while let change = model.first, change.t <= t { conformance.changed(model.removeFirst()) }
            while let observation = page.first, observation.t <= t { conformance.observed(page.removeFirst()) }
            conformance.reached(t)
            differences += conformance.takeDifferences()
            mostKept = max(mostKept, conformance.kept)
        }
        for change in model { conformance.changed(change) }
        for observation in page { conformance.observed(observation) }
        conformance.finish(watchedUntil: row.end)
        differences += conformance.takeDifferences()
        return (conformance.comparison(differences: differences), mostKept)
    }

    /// 3,000 seeds in one test, each expectation naming its seed: as 3,000 test cases, the
    /// framework's own bookkeeping per case cost more than the comparisons.
    @Test("random models and pages: the same comparison as the oracle, streamed and whole (3,000 seeds)")
    func sameAsOracle() {
        for seed in UInt64(0)..<3000 {
            let row = Case(seed: seed)
            let oracle = OracleConformance.compare(model: row.model, page: row.page, tolerance: row.tolerance, watchedUntil: row.end)
            let whole = BannerConformance.compare(model: row.model, page: row.page, tolerance: row.tolerance, watchedUntil: row.end)
            #expect(whole == oracle, "seed \(seed)")
            #expect(Self.streamed(row).0 == oracle, "seed \(seed)")
            #expect(
                whole.fit(settings: BannerSettings(), tolerance: row.tolerance) == oracle.fit(settings: BannerSettings(), tolerance: row.tolerance),
                "seed \(seed)")
        }
    }
}

/// A small, seeded generator: the same cases on every run and machine.
struct SplitMix {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
