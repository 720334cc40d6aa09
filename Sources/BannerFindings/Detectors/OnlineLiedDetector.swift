import OfflineBanner
import PolicyCore

extension BannerFindingKind {
    /// `online-lied`: the user saw a request fail while the page believed it was online.
    package static let onlineLied = BannerFindingKind(
        id: "online-lied", level: .warning,
        firesWhen: """
            a request fails at the network layer (`turbo:fetch-request-error`, or a `turbo:submit-end` with no response) \
            while the last `navigator.onLine` the page saw (`connect.online`, `offline`, `online`; true until a record \
            says otherwise) was true
            """,
        meaning: """
            Dead upstream, captive portal, or a radio with zero throughput. The browser's online flag cannot be trusted \
            here. A form's fetch error and its `submit-end` a millisecond later count as one failed request. A warning: a \
            request the user made failed.
            """,
        fields: "`via`, `target`, `method`, `url` or `action`, `error` and `onlineSince`")
}

/// The evidence of an `online-lied`: the request that failed, and when `navigator.onLine` was
/// last seen true (`onlineSince`; `nil`: assumed, never seen).
package struct OnlineLied: BannerFindingDetail {
    package static var kind: BannerFindingKind { .onlineLied }
    package var request: FailedRequest
    package var onlineSince: Double?

    package init(request: FailedRequest, onlineSince: Double?) {
        self.request = request
        self.onlineSince = onlineSince
    }

    package func sentence(at t: Double) -> String {
        let submission = request.via == "turbo:submit-end"
        let what = (submission ? "A form submission" : "A request") + (request.described.map { " (\($0))" } ?? "")
        let how = submission ? "ended with no response" : "failed at the network layer"
        let since = onlineSince.map { " (since \(formatMilliseconds($0)))" } ?? " (never said otherwise)"
        return "\(what) \(how) while navigator.onLine was true\(since): dead upstream, captive portal, or a radio with zero throughput."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.string("via", request.via)
        if let target = request.target { line.string("target", target) }
        if let method = request.method { line.string("method", method) }
        if let url = request.url { line.string(request.via == "turbo:submit-end" ? "action" : "url", url) }
        if let error = request.error { line.string("error", error) }
        if let onlineSince { line.number("onlineSince", onlineSince) }
    }
}

/// `online-lied`: a request failed at the network layer, or a submission ended with no
/// response, while the page believed `navigator.onLine` was true.
struct OnlineLiedDetector: BannerFindingDetector {
    typealias Detail = OnlineLied
    static let reportOrder = 10
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
                        FailedRequest(
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
                    .onlineLied, Self.finding(FailedRequest(via: "turbo:submit-end", method: submission.method, url: submission.action), outcome))
            }
        default:
            break
        }
    }

    /// A new submission starts: a form failure before it was not its own.
    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {
        if record.kind == .submitStart { formFailurePending = false }
    }

    private static func finding(_ request: FailedRequest, _ outcome: SentInput) -> BannerFinding {
        BannerFinding(
            t: outcome.t, lines: [outcome.navigatorOnlineSource?.line, outcome.line].compactMap { $0 },
            detail: OnlineLied(request: request, onlineSince: outcome.navigatorOnlineSource?.t))
    }
}
