import OfflineBanner
import PolicyCore
import Replay

extension BannerFindingKind {
    /// `flap-suppressed`: the debounce swallowing a flap is what it is for.
    package static let flapSuppressed = BannerFindingKind(
        id: "flap-suppressed", level: .info,
        firesWhen: """
            an `offline` whose debounce is cancelled by `online` before it fires
            """,
        meaning: """
            The radio dropped for `downMs` and came back within the debounce, so no pill was shown. This is the debounce \
            doing its job, so it is info. Many of these point at a flaky network, or at a debounce that could be shorter.
            """,
        fields: "`downMs` and `debounceMs`")
}

/// The evidence of a `flap-suppressed`: `navigator.onLine` was false for `downMs`, less than
/// the `debounceMs` debounce.
package struct FlapSuppressed: BannerFindingDetail {
    package static var kind: BannerFindingKind { .flapSuppressed }
    package var downMs: Double
    package var debounceMs: Double

    package init(downMs: Double, debounceMs: Double) {
        self.downMs = downMs
        self.debounceMs = debounceMs
    }

    package func sentence(at t: Double) -> String {
        "navigator.onLine was false for \(formatMilliseconds(downMs)) ms, less than the \(formatMilliseconds(debounceMs)) ms debounce, so no pill was shown."
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.number("downMs", downMs)
        line.number("debounceMs", debounceMs)
    }
}

/// `flap-suppressed`: an `online` cancelled the pending debounce, so the `offline` that started
/// it showed no pill.
struct FlapSuppressedDetector: BannerFindingDetector {
    typealias Detail = FlapSuppressed
    static let reportOrder = 30
    /// The settings' debounce, for the finding.
    var debounce: Double

    init(debounce: Double = BannerSettings.defaultDebounce) {
        self.debounce = debounce
    }

    init() { self.init(debounce: BannerSettings.defaultDebounce) }

    mutating func configure(settings: BannerSettings, rules: FindingRules) {
        debounce = settings.debounce
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        guard case .online = input, let origin = outcome.debounceOrigin, outcome.before.debounceDue != nil, outcome.after.debounceDue == nil
        else { return }
        found.report(
            .flapSuppressed,
            BannerFinding(t: origin.t, lines: [origin.line, outcome.line], detail: FlapSuppressed(downMs: outcome.t - origin.t, debounceMs: debounce)))
    }
}
