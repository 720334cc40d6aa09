import OfflineBanner

/// `reload-offline`: Turbo gave up on a Visit (`turbo:reload`, `request_failed`) and does a full
/// page load. The finding names the Visit, the last one seen in this document.
struct ReloadOfflineDetector: BannerDetector {
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
                    kind: .reloadOffline, t: record.t, lines: [visit?.line, record.line].compactMap { $0 },
                    detail: .reloadOffline(url: record.url ?? visit?.url)))
        default:
            break
        }
    }
}
