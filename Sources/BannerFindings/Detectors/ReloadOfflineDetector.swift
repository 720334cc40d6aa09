import OfflineBanner
import PolicyCore

extension BannerFindingKind {
    /// `reload-offline`: a Visit was lost to a full page load: the page the user was on is gone.
    package static let reloadOffline = BannerFindingKind(
        id: "reload-offline", level: .warning,
        firesWhen: """
            `turbo:reload` with reason `request_failed`
            """,
        meaning: """
            Turbo gave up on a Visit and does a full page load. In a native shell the native error screen owns that \
            moment, not the pill. A warning: the user lost the page they were on.
            """,
        fields: "`url`")
}

/// The evidence of a `reload-offline`: the Visit Turbo gave up on, when the log says which.
package struct ReloadOffline: BannerFindingDetail {
    package static var kind: BannerFindingKind { .reloadOffline }
    package var url: String?

    package init(url: String?) {
        self.url = url
    }

    package func sentence(at t: Double) -> String {
        let visit = url.map { "a Visit to \($0)" } ?? "a Visit"
        return
            "Turbo gave up on \(visit) (turbo:reload request_failed) and does a full page load; in a native shell the native error screen owns that moment, not the pill."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        if let url { line.string("url", url) }
    }
}

/// `reload-offline`: Turbo gave up on a Visit (`turbo:reload`, `request_failed`) and does a full
/// page load. The finding names the Visit, the last one seen in this document.
struct ReloadOfflineDetector: BannerFindingDetector {
    typealias Detail = ReloadOffline
    static let reportOrder = 50
    private(set) var lastVisit: (line: Int, url: String?)?

    /// A `connect` is a new document: a Visit before it is not this one's.
    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        if case .connect = input { lastVisit = nil }
    }

    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {
        switch record.kind {
        case .visit:
            lastVisit = (record.line, record.url)
        case .reload where record.requestFailed:
            let visit = lastVisit
            found.report(
                .reloadOffline,
                BannerFinding(
                    t: record.t, lines: [visit?.line, record.line].compactMap { $0 }, detail: ReloadOffline(url: record.url ?? visit?.url)))
        default:
            break
        }
    }
}
