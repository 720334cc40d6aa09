import PolicyCore

/// The banner's findings (`explain` on a web recording): each a stable id, its level and what it
/// means. They sit here, beside the policies' registry (`PolicyDescription.banner`), so that every
/// list of finding ids is read from one place; `BannerFinding` holds one of them with its evidence.
package enum BannerFindingKind: String, CaseIterable, Comparable, Sendable {
    case onlineLied = "online-lied"
    case stalePill = "stale-pill"
    case flapSuppressed = "flap-suppressed"
    case prefetchPill = "prefetch-pill"
    case reloadOffline = "reload-offline"
    case relabelledToast = "relabelled-toast"
    case emulatedOnline = "emulated-online"
    case bannerDrift = "banner-drift"

    /// The id printed and matched by scripts; never renamed.
    package var id: String { rawValue }

    /// Whether it asks for a fix (`warning`) or shows the design doing its job (`info`);
    /// docs/field-reports.md gives the reason for each.
    package var level: FindingLevel {
        switch self {
        // The user saw a pill that was wrong, or none when a request had failed.
        case .onlineLied, .stalePill, .prefetchPill: return .warning
        // A Visit was lost to a full page load: the page the user was on is gone.
        case .reloadOffline: return .warning
        // On purpose in the contract, but the user no longer reads that the text was kept.
        case .relabelledToast: return .warning
        // The page's own banner did not do what the contract says: the app, not the model, is off.
        case .bannerDrift: return .warning
        // The debounce swallowing a flap is what it is for.
        case .flapSuppressed: return .info
        // Most likely the capture tool, not the user's network: a caution about the log itself.
        case .emulatedOnline: return .info
        }
    }

    /// What any finding of this kind means, for docs and legends.
    package var meaning: String {
        switch self {
        case .onlineLied:
            return "A request failed at the network layer while navigator.onLine was true: dead upstream, captive portal, or a radio with zero throughput."
        case .stalePill:
            return
                "The amber pill stayed up after a response had shown that the network works; the four signals give such a pill no way down but online, connect, disconnect or the page unloading."
        case .flapSuppressed:
            return "navigator.onLine went false and came back before the debounce fired, so no pill was shown."
        case .prefetchPill:
            return "The pill was raised or relabelled by a failed hover prefetch of a link, not by anything the user did."
        case .reloadOffline:
            return "Turbo gave up on a Visit and does a full page load; in a native shell the native error screen owns that moment, not the pill."
        case .relabelledToast:
            return
                "A later failure put the plain offline message back on a pill that said a submission had failed and its text was kept, within the same pill (the contract does this on purpose)."
        case .bannerDrift:
            return
                "The page's own banner (its seen records) did not show what the contract says, beyond the tolerance: a change missing, extra, early, late or with another label; a fit says which debounceMs or flashMs would explain it."
        case .emulatedOnline:
            return
                "navigator.onLine came back within 100 ms before the page unloaded: DevTools' network emulation being lifted does this, a real network rarely does; it may still be genuine."
        }
    }

    package static func < (a: BannerFindingKind, b: BannerFindingKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
