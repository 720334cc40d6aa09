import NativeErrorPolicy
import PolicyCore

extension TimeChart {
    /// An error-view decision as every native picture draws it: a filled circle for a view (its
    /// variant's colour; hollow for no view), a green triangle for a retry, a hollow brown
    /// circle for a deferred one, at `dx` on the lane's middle `cy`; and what it is, in words,
    /// without its surface (the native picture names it, the session's lanes are per surface).
    func decisionMark(_ decision: Decision, dx: Double, cy: Double) -> (shape: String, label: String, color: String) {
        switch decision.outcome {
        case .view(let variant):
            let color = variant == .offline ? "#ef6c00" : variant == .server ? "#c62828" : "#757575"
            let shape =
                "<circle cx=\"\(n(dx))\" cy=\"\(n(cy))\" r=\"6\" fill=\"\(variant == .none ? "#ffffff" : color)\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            return (shape, "\(variant.rawValue) view", color)
        case .retry(let retry):
            let color = "#2e7d32"
            let shape = "<path d=\"M\(n(dx)) \(n(cy - 7)) L\(n(dx + 6)) \(n(cy + 5)) L\(n(dx - 6)) \(n(cy + 5)) Z\" fill=\"\(color)\"/>\n"
            switch retry {
            case .automatic(let trigger): return (shape, "retry (\(trigger.rawValue))", color)
            case .manual: return (shape, "retry (manual)", color)
            }
        case .deferred(let until):
            let color = "#6d4c41"
            let shape = "<circle cx=\"\(n(dx))\" cy=\"\(n(cy))\" r=\"5\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            return (shape, "deferred until \(formatMilliseconds(until))", color)
        }
    }
}
