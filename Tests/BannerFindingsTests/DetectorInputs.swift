import OfflineBanner

@testable import BannerFindings

/// What the analyzer hands a detector, written out by hand: each detector is tested on the facts
/// alone, without a recording or the analyzer around it.
extension BannerMoment {
    static let hidden = BannerMoment(banner: .hidden, debounceDue: nil, flashDue: nil)
    static let offline = BannerMoment(banner: .offline, debounceDue: nil, flashDue: nil)
    static let backOnline = BannerMoment(banner: .backOnline, debounceDue: nil, flashDue: 3000)
    static func debouncing(due: Double) -> BannerMoment { BannerMoment(banner: .hidden, debounceDue: due, flashDue: nil) }
}

extension SentInput {
    /// An input at `line` and `t`; by default it changed nothing, with the page believing it is
    /// online since it began.
    static func at(
        line: Int, t: Double, before: BannerMoment = .hidden, after: BannerMoment = .hidden, change: BannerChange? = nil,
        navigatorOnline: Bool = true, since: Origin? = nil, debounceOrigin: Origin? = nil
    ) -> SentInput {
        SentInput(
            line: line, t: t, before: before, after: after, change: change, navigatorOnline: navigatorOnline, navigatorOnlineSource: since,
            debounceOrigin: debounceOrigin)
    }
}

extension FoundFindings {
    static var explaining: FoundFindings { FoundFindings(explaining: true) }
}

/// The pill going up (or relabelled) by a fetch's failure, with `label`.
func raised(at t: Double, label: String = "No connection", cause: BannerCause = .fetchRequestError) -> BannerChange {
    BannerChange(t: t, banner: .offline, label: label, cause: cause)
}

extension BannerDetector {
    /// The end of a recording, as the analyzer ends it: `finish`, then every finding held to the
    /// end reported.
    mutating func finishReportingAll(into found: inout FoundFindings) {
        finish(at: .infinity, into: &found)
        while reportHeld(into: &found) {}
    }
}
