/// An observed record (or a lean read's marker) as the detectors read it: what kind, and the
/// little of it any finding needs.
struct ObservedRecord: Sendable {
    var kind: ObservedKind
    /// The record's `url` (`nil` from a marker, which does not keep it).
    var url: String?
    /// A `turbo:reload` whose reason is `request_failed`.
    var requestFailed: Bool
    var line: Int
    var t: Double
}
