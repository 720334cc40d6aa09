import OfflineBanner

/// `relabelled-toast`: a failed request put the plain offline message back on a pill that showed
/// a toast's submit-failed message, the pill staying up.
struct RelabelledToastDetector: BannerDetector {
    /// The pill shows a toast's submit-failed message: the submission's line and time, and the text.
    private(set) var toastOnPill: (line: Int, t: Double, label: String)?
    /// A failed form request replaced the toast's message: held until the next visible change,
    /// since a dying submission's own fetch error comes just before its toast puts the message back.
    private(set) var pendingRelabel: BannerFinding?
    /// Taken before each input: the toast, and the label only when there is a toast to compare.
    private var toastBefore: (line: Int, t: Double, label: String)?
    private var labelBefore: String?

    mutating func willSend(_ banner: borrowing OfflineBanner) {
        labelBefore = toastOnPill != nil ? banner.label : nil
        toastBefore = toastOnPill
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        switch input {
        case .submitEnd:
            // The first toast of this pill is when its message went up; another one keeps it up.
            if let change = outcome.change, change.cause == .submitFailed, let label = change.label, toastBefore?.label != label {
                toastOnPill = (outcome.line, outcome.t, label)
            }
        case .fetchRequestError:
            // The failure is bound last: binding it copies its strings, and most failures meet no toast.
            guard let toast = toastBefore, let change = outcome.change, change.banner == .offline, outcome.before.banner == .offline,
                labelBefore == toast.label, let relabelledTo = change.label, relabelledTo != toast.label,
                case .fetchRequestError(let failure) = input
            else { return }
            let finding = BannerFinding(
                kind: .relabelledToast, t: toast.t, lines: [toast.line, outcome.line],
                detail: .relabelledToast(
                    label: toast.label, replacedAt: outcome.t, relabelledTo: relabelledTo,
                    request: .init(
                        via: "turbo:fetch-request-error", target: failure.target, method: failure.method, url: failure.url, error: failure.error)))
            if failure.target.map(BannerAnalyzer.isFormTarget) == true { pendingRelabel = finding } else { found.report(finding.kind, finding) }
        default:
            break
        }
    }

    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        // A form's failure relabelled a toast's message; its own toast putting it back undoes that.
        // A pattern reads the tag: `!= nil` on an optional of an `Equatable` type (a finding)
        // is `Equatable`'s, and copied the finding to compare it.
        if case .some = pendingRelabel {
            if change.banner == .offline && change.cause == .submitFailed { pendingRelabel = nil } else { reportPending(into: &found) }
        }
        if change.banner != .offline || change.label != toastOnPill?.label { toastOnPill = nil }
    }

    mutating func finish(into found: inout FoundFindings) {
        reportPending(into: &found)
    }

    private mutating func reportPending(into found: inout FoundFindings) {
        guard let finding = pendingRelabel else { return }
        pendingRelabel = nil
        found.report(finding.kind, finding)
    }
}
