import OfflineBanner

/// `emulated-online`: an `online` came within `window` ms before the page unloaded (`pagehide`,
/// not persisted), with no `offline` between: DevTools' emulation being lifted does that.
struct EmulatedOnlineDetector: BannerDetector {
    /// How soon before the unload an `online` counts (inclusive).
    static let window: Double = 100
    /// The last `online` with no `offline` after it, and whether it started the green flash.
    private(set) var lastOnline: (origin: Origin, flash: Bool)?

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        switch input {
        case .online:
            lastOnline = (Origin(line: outcome.line, t: outcome.t), outcome.change?.banner == .backOnline)
        case .offline:
            lastOnline = nil
        case .pagehide(persisted: false):
            if let online = lastOnline, outcome.t - online.origin.t <= Self.window {
                found.report(
                    .emulatedOnline,
                    BannerFinding(
                        kind: .emulatedOnline, t: online.origin.t, lines: [online.origin.line, outcome.line],
                        detail: .emulatedOnline(unloadAt: outcome.t, flash: online.flash)))
            }
            // The document that saw that online is gone. One kept in the back-forward cache
            // (a persisted pagehide) still is that document: its online still counts.
            lastOnline = nil
        default:
            break
        }
    }
}
