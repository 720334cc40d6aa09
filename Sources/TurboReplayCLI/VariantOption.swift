import Goldens
import NativeErrorPolicy
import OfflineBanner

/// `--variant NAME`: one option, naming a variant of the banner, of the native retry policy,
/// or of either, as the command replays one or the other. Its help says which on each.
extension Option {
    enum VariantKind {
        /// The banner's, replayed instead of v1 (`replay`, `session`).
        case banner
        /// The retry policy's, replayed instead of v1 (`native`).
        case retry
        /// Of the recording's layer (`explain`, `render`).
        case layer
        /// Of either layer, each applied to its logs (`stats`).
        case fleet
        /// Of either layer, with its goldens (`check`).
        case golden
        /// Compared with v1, required (`whatif`).
        case compared
        /// Replayed besides v1, a list (`tune`).
        case tried
    }

    static func variant(_ kind: VariantKind) -> Option {
        let banner = BannerVariant.allCases.map(\.name).joined(separator: ", ")
        let retry = RetryVariant.allCases.map(\.name).joined(separator: ", ")
        let help =
            switch kind {
            case .banner: "Replay under a variant of the controller instead of v1: \(banner)."
            case .retry: "Replay the retry policy under a variant instead of v1: \(retry)."
            case .layer:
                "Replay under a variant instead of v1: of the banner for a web recording (\(banner)), of the retry policy for a native log (\(retry))."
            case .fleet:
                "Replay under a variant instead of v1: a banner variant for the web logs (\(banner)), a retry variant for the native logs (\(retry))."
            case .golden:
                "Replay under a variant: of the banner (web recordings) or of the retry policy (native): \(GoldenVariant.allNames.joined(separator: ", "))."
            case .compared: "The variant to compare with v1 (required): of the banner (\(banner)) or of the native retry policy (\(retry))."
            case .tried: "Also replay under this variant (comma-separated for several): \(banner). v1 is always replayed."
            }
        return Option(name: "variant", value: "NAME", help: help)
    }
}
