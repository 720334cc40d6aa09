/// A named change to the rules of the v1 retry policy (native-error-policy.md v2, "The
/// `probe-once` variant"), switched on by name like the banner's variants: the policy is v1
/// unless its settings name variants, and a second variant is a new case and its rule.
public enum RetryVariant: String, CaseIterable, Hashable, Comparable, Sendable {
    /// An `offline` instance presented while online arms the settling probe only if its
    /// surface has had no automatic retry with trigger `probe` since the last edge (or the
    /// start): a failed probe retry no longer re-arms itself on the fresh view, so a path that
    /// is up but cannot reach the server does not poll every 2500 ms. The view it does not
    /// arm says so (`"probe":false`), for the app to drop its "Retrying automatically…" caption.
    case probeOnce = "probe-once"

    /// The name configs, options and goldens use (`NAME.probe-once.expected.jsonl`).
    public var name: String { rawValue }

    /// The variant called `name`, if there is one.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    public static func < (a: RetryVariant, b: RetryVariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
