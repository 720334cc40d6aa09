import OfflineBanner
import PolicyCore

extension BannerFindingKind {
    /// `prefetch-pill`: the user saw a pill for a request they never made.
    package static let prefetchPill = BannerFindingKind(
        id: "prefetch-pill", level: .warning,
        firesWhen: """
            the pill is raised or relabelled by a `turbo:fetch-request-error` whose target is a link (`a`, `a#…`)
            """,
        meaning: """
            A failed hover prefetch, not anything the user did, put up (or changed) the pill. A warning: the user was told \
            about a request they never made.
            """,
        fields: "`target`, `url`, `label` and `relabelled`")
}

/// The evidence of a `prefetch-pill`: the link prefetch that failed, and the pill's text after it.
package struct PrefetchPill: BannerFindingDetail {
    package static var kind: BannerFindingKind { .prefetchPill }
    package var target: String
    package var url: String?
    package var label: String
    package var relabelled: Bool

    package init(target: String, url: String?, label: String, relabelled: Bool) {
        self.target = target
        self.url = url
        self.label = label
        self.relabelled = relabelled
    }

    package func sentence(at t: Double) -> String {
        let link = url.map { "\(target) (\($0))" } ?? target
        return "A failed hover prefetch of \(link) \(relabelled ? "relabelled" : "raised") the pill “\(label)”, not anything the user did."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.string("target", target)
        if let url { line.string("url", url) }
        line.string("label", label)
        line.bool("relabelled", relabelled)
    }
}

/// `prefetch-pill`: a link's hover prefetch failed and raised or relabelled the pill.
struct PrefetchPillDetector: BannerFindingDetector {
    typealias Detail = PrefetchPill
    static let reportOrder = 40

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        // The outcome first: binding the failure copies its strings, for the few inputs that raise the pill.
        guard let change = outcome.change, change.banner == .offline, case .fetchRequestError(let failure) = input else { return }
        let target = failure.target ?? ""
        guard BannerAnalyzer.isLink(target) else { return }
        found.report(
            .prefetchPill,
            BannerFinding(
                t: outcome.t, lines: [outcome.line],
                detail: PrefetchPill(target: target, url: failure.url, label: change.label ?? "", relabelled: outcome.before.banner == .offline)))
    }
}
