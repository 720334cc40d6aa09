import AppSession

extension SessionFindingKind {
    /// Its row of docs/app-session.md's table, after the id: when it fires, and its `t`. The
    /// session's findings are a pure core's (`AppSession`), which carries no words for the docs.
    var docs: [String] {
        switch self {
        case .latePill: return ["`dropToPill` > `lateMs`", "the pill's time"]
        case .pillOutlivedNetwork: return ["`edgeToClear` > `lateMs`, or the edge is stuck", "the edge"]
        case .slowRecovery: return ["`edgeToPage` > `lateMs`, or the edge is stuck", "the edge"]
        }
    }
}

extension ClockSkew {
    /// Its row of docs/app-session.md's table, after the id, as for the three above.
    static var docs: [String] {
        [
            "the first pill the page's own `offline` raised after the edge before a drop came before that drop by more than the tolerance",
            "the first such pill",
        ]
    }
}
