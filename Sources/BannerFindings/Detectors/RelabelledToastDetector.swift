import OfflineBanner
import PolicyCore

extension BannerFindingKind {
    /// `relabelled-toast`: on purpose in the contract, but the user no longer reads that the text
    /// was kept.
    package static let relabelledToast = BannerFindingKind(
        id: "relabelled-toast", level: .warning,
        firesWhen: """
            the pill shows a dead submission's message ("No se ha podido enviar. Tu texto sigue aquí…") and a later \
            `turbo:fetch-request-error` relabels it with the plain offline message while the pill stays up
            """,
        meaning: """
            The contract does this on purpose, but the user no longer reads that the text was kept. Reported at the toast, \
            with how long the message was on the pill (`shownMs`). A dying submission's own fetch error, which comes a \
            millisecond before its toast puts the message back, does not count. A warning despite being on purpose: the \
            message that mattered is gone, and the fix is the app's (a toast of its own).
            """,
        fields: "`label`, `replacedAt`, `shownMs`, `relabelledTo`, and the failed request's `via`, `target`, `method`, `url` and `error`")
}

/// The evidence of a `relabelled-toast`: the toast's submit-failed `label`, shown on the pill from
/// the finding's `t`, was replaced at `replacedAt` by `relabelledTo` when `request` failed, the
/// pill staying up.
package struct RelabelledToast: BannerFindingDetail {
    package static var kind: BannerFindingKind { .relabelledToast }
    package var label: String
    package var replacedAt: Double
    package var relabelledTo: String
    package var request: FailedRequest

    package init(label: String, replacedAt: Double, relabelledTo: String, request: FailedRequest) {
        self.label = label
        self.replacedAt = replacedAt
        self.relabelledTo = relabelledTo
        self.request = request
    }

    package func sentence(at t: Double) -> String {
        let ms = formatMilliseconds
        let what = "a failed request" + (request.described.map { " (\($0))" } ?? "")
        return "The submit-failed message “\(label)” was on the pill for \(ms(replacedAt - t)) ms: at \(ms(replacedAt)) \(what) "
            + "relabelled the pill “\(relabelledTo)”, so it no longer says the text was kept. The contract does this on purpose; "
            + "if that message matters, show it where a later failure cannot replace it (a toast of its own), or keep it while its pill is up."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.string("label", label)
        line.number("replacedAt", replacedAt)
        line.number("shownMs", replacedAt - t)
        line.string("relabelledTo", relabelledTo)
        line.string("via", request.via)
        if let target = request.target { line.string("target", target) }
        if let method = request.method { line.string("method", method) }
        if let url = request.url { line.string("url", url) }
        if let error = request.error { line.string("error", error) }
    }
}

/// `relabelled-toast`: a failed request put the plain offline message back on a pill that showed
/// a toast's submit-failed message, the pill staying up.
struct RelabelledToastDetector: BannerFindingDetector {
    typealias Detail = RelabelledToast
    static let reportOrder = 60
    /// The pill shows a toast's submit-failed message: the submission's line and time, and the text.
    private(set) var toastOnPill: (line: Int, t: Double, label: String)?
    /// A failed form request replaced the toast's message: held until the next visible change,
    /// since a dying submission's own fetch error comes just before its toast puts the message back.
    private(set) var pendingRelabel: BannerFinding?
    /// Taken before each input: the toast, and the label only when there is a toast to compare.
    private var toastBefore: (line: Int, t: Double, label: String)?
    private var labelBefore: String?
    /// Taken before an input that may relabel the toast's message (a failed request while it is
    /// on the pill), until the input's step ends: its line and the request.
    private var failing: (line: Int, failure: FetchRequestError)?

    mutating func willSend(_ input: BannerInput, line: Int, _ banner: borrowing OfflineBanner) {
        labelBefore = toastOnPill != nil ? banner.label : nil
        toastBefore = toastOnPill
        // The failure is bound only with a toast up: binding it copies its strings, and most
        // failures meet no toast.
        if toastOnPill != nil, banner.banner == .offline, case .fetchRequestError(let failure) = input { failing = (line, failure) }
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        failing = nil
        // The first toast of this pill is when its message went up; another one keeps it up.
        if case .submitEnd = input, let change = outcome.change, change.cause == .submitFailed, let label = change.label, toastBefore?.label != label {
            toastOnPill = (outcome.line, outcome.t, label)
        }
    }

    /// A relabel is a visible change: decided here, so that it is reported before what the
    /// failed request itself raises (its finding is about the toast, earlier).
    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        // A form's failure relabelled a toast's message; its own toast putting it back undoes that.
        // A pattern reads the tag: `!= nil` on an optional of an `Equatable` type (a finding)
        // is `Equatable`'s, and copied the finding to compare it.
        if case .some = pendingRelabel {
            if change.banner == .offline && change.cause == .submitFailed { pendingRelabel = nil } else { reportPending(into: &found) }
        }
        if let (line, failure) = failing, let toast = toastBefore, change.banner == .offline, labelBefore == toast.label,
            let relabelledTo = change.label, relabelledTo != toast.label
        {
            let finding = BannerFinding(
                t: toast.t, lines: [toast.line, line],
                detail: RelabelledToast(
                    label: toast.label, replacedAt: change.t, relabelledTo: relabelledTo,
                    request: FailedRequest(
                        via: "turbo:fetch-request-error", target: failure.target, method: failure.method, url: failure.url, error: failure.error)))
            if failure.target.map(BannerAnalyzer.isFormTarget) == true { pendingRelabel = finding } else { found.report(finding.kind, finding) }
        }
        if change.banner != .offline || change.label != toastOnPill?.label { toastOnPill = nil }
    }

    mutating func finish(at end: Double, into found: inout FoundFindings) {
        reportPending(into: &found)
    }

    private mutating func reportPending(into found: inout FoundFindings) {
        guard let finding = pendingRelabel else { return }
        pendingRelabel = nil
        found.report(finding.kind, finding)
    }
}
