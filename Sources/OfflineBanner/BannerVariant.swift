/// A named change to the rules of the v1 controller (banner-variants.md): a what-if that a
/// team replays on its recordings before shipping it. The port is v1 unless its settings
/// name variants; each case here is one rule change, switched on by name, so that a second
/// variant is a new case and its rule, not a second controller.
public enum BannerVariant: String, CaseIterable, Hashable, Comparable, Sendable {
    /// `turbo:before-fetch-response` while the pill is up and `navigator.onLine` is true acts
    /// as `online` (cause `response`): a pill raised by a dead upstream comes down once a
    /// response shows the network works again.
    case recoverOnResponse = "recover-on-response"

    /// The name the command line, configs and goldens use (`NAME.recover-on-response.expected.jsonl`).
    public var name: String { rawValue }

    /// The variant called `name`, if there is one.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    public static func < (a: BannerVariant, b: BannerVariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
