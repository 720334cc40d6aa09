import OfflineBanner

/// Detects one kind of finding from what the analyzer tells it, keeping only the state that
/// finding needs; what several need (what the page believes `navigator.onLine` is, the pill,
/// the open fetches, the timers' origins) the analyzer keeps and hands over. Every hook has an
/// empty default, so a detector writes only those it needs; the analyzer calls them on concrete
/// stored values (`BannerDetectors`), never through an existential, so an empty hook costs nothing.
protocol BannerDetector {
    /// An input is about to reach the banner (not called for the responses `stats` skips).
    mutating func willSend(_ banner: borrowing OfflineBanner)
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
    /// The recording ended: every timer has fired; the pill, if up, is closed after this.
    mutating func finish(into found: inout FoundFindings)
}

extension BannerDetector {
    mutating func willSend(_ banner: borrowing OfflineBanner) {}
    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {}
    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {}
    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {}
    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {}
    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {}
    mutating func finish(into found: inout FoundFindings) {}
}
