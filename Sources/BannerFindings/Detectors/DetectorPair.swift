import OfflineBanner
import Replay

/// Two detectors as one: each hook calls the first, then the second. Nested, one pair per
/// detector listed (`BannerDetectors`), every hook reaches every detector in the order they are
/// listed, and none can be left out of one. Generic over concrete types, so each call is direct
/// once specialised, as TCA's `ReducerBuilder` composes reducers.
struct DetectorPair<First: BannerDetector, Second: BannerDetector>: BannerDetector {
    var first = First()
    var second = Second()

    init() {}

    static var kinds: [BannerFindingKind] { First.kinds + Second.kinds }

    mutating func configure(settings: BannerSettings, rules: FindingRules) {
        first.configure(settings: settings, rules: rules)
        second.configure(settings: settings, rules: rules)
    }

    mutating func willSend(_ input: BannerInput, line: Int, _ banner: borrowing OfflineBanner) {
        first.willSend(input, line: line, banner)
        second.willSend(input, line: line, banner)
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        first.sent(input, outcome, into: &found)
        second.sent(input, outcome, into: &found)
    }

    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        first.changed(change, into: &found)
        second.changed(change, into: &found)
    }

    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {
        first.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        second.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
    }

    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {
        first.observed(record, into: &found)
        second.observed(record, into: &found)
    }

    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {
        first.seen(seen, line: line, into: &found)
        second.seen(seen, line: line, into: &found)
    }

    mutating func rendered(_ render: PageRender, line: Int) {
        first.rendered(render, line: line)
        second.rendered(render, line: line)
    }

    mutating func finish(at end: Double, into found: inout FoundFindings) {
        first.finish(at: end, into: &found)
        second.finish(at: end, into: &found)
    }

    /// The first's held findings, all of them, then the second's.
    mutating func reportHeld(into found: inout FoundFindings) -> Bool {
        first.reportHeld(into: &found) || second.reportHeld(into: &found)
    }

    func summarize(into summary: inout RecordingSummary) {
        first.summarize(into: &summary)
        second.summarize(into: &summary)
    }
}

extension BannerDetector {
    /// This detector, then `Next`: `A.And<B>.And<C>` lists detectors one a line, and is one
    /// detector whose hooks call each in turn.
    typealias And<Next: BannerDetector> = DetectorPair<Self, Next>
}
