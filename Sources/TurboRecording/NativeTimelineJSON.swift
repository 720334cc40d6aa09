import NativeErrorPolicy

/// The canonical decision line of native-error-policy.md: `t`, `surface`, then the decision,
/// in the contract's order; numbers as `formatMilliseconds` prints them, strings escaped by json-c.
public func timelineJSON(_ decision: Decision) -> String {
    let head = #"{"t":\#(formatMilliseconds(decision.t)),"surface":\#(jsonString(decision.surface)),"#
    switch decision.outcome {
    case .view(let variant):
        let reason = variant.reason.map { #","reason":"\#($0)""# } ?? ""
        return head + #""view":"\#(variant.rawValue)"\#(reason)}"#
    case .retry(.automatic(let trigger)):
        return head + #""retry":"auto","trigger":"\#(trigger.rawValue)"}"#
    case .retry(.manual):
        return head + #""retry":"manual"}"#
    case .deferred(let until):
        return head + #""deferred":"cooldown","until":\#(formatMilliseconds(until))}"#
    }
}

/// A finding of `explain` as one JSON line: `t`, `surface`, `finding`, then its details.
public func findingJSON(_ finding: RetryFinding) -> String {
    let head = #"{"t":\#(formatMilliseconds(finding.t)),"surface":\#(jsonString(finding.surface)),"finding":"\#(finding.kind.rawValue)""#
    switch finding.detail {
    case .missed(let trigger):
        return head + #","trigger":"\#(trigger.rawValue)"}"#
    case .unexpected(let line, let policy):
        return head + #","line":\#(line),"policy":"\#(policy.name)"\#(policy.at.map { #","at":\#(formatMilliseconds($0))"# } ?? "")}"#
    }
}
