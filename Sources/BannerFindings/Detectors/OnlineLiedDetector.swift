import OfflineBanner

/// `online-lied`: a request failed at the network layer, or a submission ended with no
/// response, while the page believed `navigator.onLine` was true.
struct OnlineLiedDetector: BannerDetector {
    /// A `form…` fetch failed and its `turbo:submit-end` has not come yet: that submission
    /// ending with no response is the same failed request, not a second one.
    private(set) var formFailurePending = false

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        switch input {
        case .fetchRequestError(let failure):
            if outcome.navigatorOnline {
                // The request, with its strings, is made inside the finding, which only an
                // explanation makes: counting it copies none of them.
                found.report(
                    .onlineLied,
                    Self.finding(
                        BannerFinding.FailedRequest(
                            via: "turbo:fetch-request-error", target: failure.target, method: failure.method, url: failure.url,
                            error: failure.error),
                        outcome))
            }
            if BannerAnalyzer.isFormTarget(failure.target ?? "") { formFailurePending = true }
        case .submitEnd(let submission):
            let sameAsFormFailure = formFailurePending
            formFailurePending = false
            if !submission.success, submission.fetchResponse == nil, outcome.navigatorOnline, !sameAsFormFailure {
                found.report(
                    .onlineLied,
                    Self.finding(BannerFinding.FailedRequest(via: "turbo:submit-end", method: submission.method, url: submission.action), outcome))
            }
        default:
            break
        }
    }

    /// A new submission starts: a form failure before it was not its own.
    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {
        if record.kind == .submitStart { formFailurePending = false }
    }

    private static func finding(_ request: BannerFinding.FailedRequest, _ outcome: SentInput) -> BannerFinding {
        BannerFinding(
            kind: .onlineLied, t: outcome.t, lines: [outcome.navigatorOnlineSource?.line, outcome.line].compactMap { $0 },
            detail: .onlineLied(request: request, onlineSince: outcome.navigatorOnlineSource?.t))
    }
}
