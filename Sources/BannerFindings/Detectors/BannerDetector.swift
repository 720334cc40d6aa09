import OfflineBanner
import Replay

/// Detects the findings it declares (`kinds`) from what the analyzer tells it, keeping only the
/// state they need; what several need (what the page believes `navigator.onLine` is, the pill,
/// the open fetches, the timers' origins) the analyzer keeps and hands over. Every hook has an
/// empty default, as a NIO channel handler's do, so a detector writes only those it needs. The
/// analyzer calls them on the composed detectors (`BannerDetectors`), a value of concrete types,
/// never through an existential, so each call is direct and an empty hook costs nothing.
protocol BannerDetector: Sendable {
    /// The findings it reports, in the order reports list them.
    static var kinds: [BannerFindingKind] { get }
    /// Made before the settings are known; `configure` gives them.
    init()
    /// Before the first record: the settings replayed and the config's rules.
    mutating func configure(settings: BannerSettings, rules: FindingRules)
    /// An input (at `line`) is about to reach the banner (not called for the responses `stats`
    /// skips).
    mutating func willSend(_ input: BannerInput, line: Int, _ banner: borrowing OfflineBanner)
    /// An input went through the banner, after its step and its change were handed on.
    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings)
    /// The banner changed visibly (an input or a timer), before the pill's episode is updated.
    mutating func changed(_ change: BannerChange, into found: inout FoundFindings)
    /// The amber pill came down (`clearedBy` and `line`: what took it down), or was still up when
    /// the recording ended (`clearedBy` nil).
    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings)
    /// An observed record (or a lean read's marker), after its step was handed on.
    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings)
    /// A `seen` record: what the page's own banner showed at its time.
    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings)
    /// Turbo rendered the page (at `line`): the controller ignores it; what the page showed
    /// around it is judged with it in mind.
    mutating func rendered(_ render: PageRender, line: Int)
    /// The recording ended at `end` (its last record): every timer has fired; the pill, if up,
    /// is closed after this.
    mutating func finish(at end: Double, into found: inout FoundFindings)
    /// After `finish`, findings it held to the end, a few at a time: reports the next one and
    /// says whether it did, so that the analyzer hands them on a batch at a time.
    mutating func reportHeld(into found: inout FoundFindings) -> Bool
    /// After `finish`: what the detector adds to the recording's summary.
    func summarize(into summary: inout RecordingSummary)
}

extension BannerDetector {
    mutating func configure(settings: BannerSettings, rules: FindingRules) {}
    mutating func willSend(_ input: BannerInput, line: Int, _ banner: borrowing OfflineBanner) {}
    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {}
    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {}
    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {}
    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {}
    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {}
    mutating func rendered(_ render: PageRender, line: Int) {}
    mutating func finish(at end: Double, into found: inout FoundFindings) {}
    mutating func reportHeld(into found: inout FoundFindings) -> Bool { false }
    func summarize(into summary: inout RecordingSummary) {}
}

/// A detector that reports one finding, declared by its evidence's type: its file holds both,
/// and where the finding comes in reports.
protocol BannerFindingDetector: BannerDetector {
    associatedtype Detail: BannerFindingDetail
    /// Where its findings come in reports among the other detectors' (ascending; gaps leave room
    /// for a new one): `compose-detectors` composes the detectors (`BannerDetectors`) in this
    /// order, reading their files as text, so it is declared as the literal
    /// `static let reportOrder = N`.
    static var reportOrder: Int { get }
}

extension BannerFindingDetector {
    static var kinds: [BannerFindingKind] { [Detail.kind] }
}
