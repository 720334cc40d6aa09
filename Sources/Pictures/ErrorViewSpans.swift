import NativeErrorPolicy
import PolicyCore

/// One error view as the session picture draws it: from its `presented` (the policy's `view`
/// decision) to what ended it in the app's own log (`shownMs`: what the user lived) and to
/// what ended it by the policy (`policyMs`: the retry the contract would have made). Either
/// end is `nil` while the view is still up where the picture stops.
struct ErrorViewSpan {
    var surface: String
    var variant: ErrorVariant
    var from: Double
    var app: (t: Double, cause: String)?
    var policy: (t: Double, cause: String)?
}

/// The error views' spans, as `ErrorViewTime` and `ShownTime` time them, from the decisions
/// and the app's records drawn (both on the session clock, each in time order). A view opens
/// at an `offline` or `server` view decision. The policy's view ends at the first retry
/// decision on its surface, a `dismissed` or another `presented` there, or a `launch`; the
/// app's at the first `app-retry` or `tap-retry` on its surface, a `dismissed` or another
/// `presented` there, a page loading, or a `launch`. At one time a record comes before the
/// decisions (a record's decisions follow it; a timer's at the same time ends a view at the
/// same time either way). Only what happens before `until` counts: past it, the picture left
/// the decisions or the records out, and a view still up there is drawn open to it.
enum ErrorViewSpans {
    static func spans(decisions: [Decision], records: [AppViewMark], until: Double) -> [ErrorViewSpan] {
        var spans: [ErrorViewSpan] = []
        var appOpen: [String: Int] = [:], policyOpen: [String: Int] = [:]
        func closeApp(_ surface: String?, _ t: Double, _ cause: String) {
            for key in surface.map({ [$0] }) ?? appOpen.keys.sorted() {
                if let index = appOpen.removeValue(forKey: key) { spans[index].app = (t, cause) }
            }
        }
        func closePolicy(_ surface: String?, _ t: Double, _ cause: String) {
            for key in surface.map({ [$0] }) ?? policyOpen.keys.sorted() {
                if let index = policyOpen.removeValue(forKey: key) { spans[index].policy = (t, cause) }
            }
        }
        var next = (decision: 0, record: 0)
        while true {
            let decision = next.decision < decisions.count ? decisions[next.decision] : nil
            let record = next.record < records.count ? records[next.record] : nil
            if let record, record.t < until, decision.map({ record.t <= $0.t }) ?? true {
                next.record += 1
                switch record.kind {
                case .presented(let surface):
                    closeApp(surface, record.t, "presented again")
                    closePolicy(surface, record.t, "presented again")
                case .dismissed(let surface):
                    closeApp(surface, record.t, "dismissed")
                    closePolicy(surface, record.t, "dismissed")
                case .appRetry(let surface, _), .tapRetry(let surface):
                    closeApp(surface, record.t, record.kind.name)
                case .pageLoaded:
                    closeApp(nil, record.t, "a page loaded")
                case .launch:
                    closeApp(nil, record.t, "launch")
                    closePolicy(nil, record.t, "launch")
                case .foreground:
                    break
                }
            } else if let decision, decision.t < until {
                next.decision += 1
                switch decision.outcome {
                case .view(let variant) where variant != .none:
                    closeApp(decision.surface, decision.t, "presented again")
                    closePolicy(decision.surface, decision.t, "presented again")
                    spans.append(ErrorViewSpan(surface: decision.surface, variant: variant, from: decision.t))
                    appOpen[decision.surface] = spans.count - 1
                    policyOpen[decision.surface] = spans.count - 1
                case .retry(.automatic(let trigger)):
                    closePolicy(decision.surface, decision.t, "the policy's retry (\(trigger.rawValue))")
                case .retry(.manual):
                    closePolicy(decision.surface, decision.t, "the policy's retry (manual)")
                case .view, .deferred:
                    break
                }
            } else {
                return spans
            }
        }
    }
}
