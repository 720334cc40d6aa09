import OfflineBanner

/// `prefetch-pill`: a link's hover prefetch failed and raised or relabelled the pill.
struct PrefetchPillDetector: BannerDetector {
    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        // The outcome first: binding the failure copies its strings, for the few inputs that raise the pill.
        guard let change = outcome.change, change.banner == .offline, case .fetchRequestError(let failure) = input else { return }
        let target = failure.target ?? ""
        guard BannerAnalyzer.isLink(target) else { return }
        found.report(
            .prefetchPill,
            BannerFinding(
                kind: .prefetchPill, t: outcome.t, lines: [outcome.line],
                detail: .prefetchPill(target: target, url: failure.url, label: change.label ?? "", relabelled: outcome.before.banner == .offline)))
    }
}
