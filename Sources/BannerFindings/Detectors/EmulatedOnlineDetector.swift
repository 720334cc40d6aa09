import OfflineBanner
import PolicyCore

extension BannerFindingKind {
    /// `emulated-online`: most likely the capture tool, not the user's network: a caution about
    /// the log itself.
    package static let emulatedOnline = BannerFindingKind(
        id: "emulated-online", level: .info,
        firesWhen: """
            an `online`, then within 100 ms (100 included) a `pagehide` that unloads the page (`persisted` false or \
            absent), with no `offline` between
            """,
        meaning: """
            A real network rarely comes back in the 100 ms before a page unloads. DevTools' network emulation does: it is \
            lifted as the page goes. A log captured with DevTools shows a green back-online flash there that no user would \
            have seen. Info, a caution about the log rather than the app: disbelieve that flash if the log was captured \
            with DevTools, and remember it may be genuine.
            """,
        fields: "`unloadAt` (the `pagehide`), `beforeUnloadMs` and `flash` (whether the `online` started the back-online flash)")
}

/// The evidence of an `emulated-online`: an `online` at the finding's `t`, then the page
/// unloaded (`pagehide`, not persisted) at `unloadAt`, with no `offline` between. `flash`:
/// the `online` started the green back-online flash.
package struct EmulatedOnline: BannerFindingDetail {
    package static var kind: BannerFindingKind { .emulatedOnline }
    package var unloadAt: Double
    package var flash: Bool

    package init(unloadAt: Double, flash: Bool) {
        self.unloadAt = unloadAt
        self.flash = flash
    }

    package func sentence(at t: Double) -> String {
        let ms = formatMilliseconds
        let what = flash ? "the back-online flash it started" : "that the network came back"
        return "navigator.onLine came back at \(ms(t)), \(ms(unloadAt - t)) ms before the page unloaded (pagehide at \(ms(unloadAt))): "
            + "a real network rarely returns in the 100 ms before a page unloads, but DevTools' network emulation, lifted as the page "
            + "goes, does. If this log was captured with DevTools, disbelieve \(what); it may be genuine."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.number("unloadAt", unloadAt)
        line.number("beforeUnloadMs", unloadAt - t)
        line.bool("flash", flash)
    }
}

/// `emulated-online`: an `online` came within `window` ms before the page unloaded (`pagehide`,
/// not persisted), with no `offline` between: DevTools' emulation being lifted does that.
struct EmulatedOnlineDetector: BannerFindingDetector {
    typealias Detail = EmulatedOnline
    static let reportOrder = 70
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
                        t: online.origin.t, lines: [online.origin.line, outcome.line],
                        detail: EmulatedOnline(unloadAt: outcome.t, flash: online.flash)))
            }
            // The document that saw that online is gone. One kept in the back-forward cache
            // (a persisted pagehide) still is that document: its online still counts.
            lastOnline = nil
        default:
            break
        }
    }
}
