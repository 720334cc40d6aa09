import OfflineBanner

/// `flap-suppressed`: an `online` cancelled the pending debounce, so the `offline` that started
/// it showed no pill.
struct FlapSuppressedDetector: BannerDetector {
    /// The settings' debounce, for the finding.
    let debounce: Double

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        guard case .online = input, let origin = outcome.debounceOrigin, outcome.before.debounceDue != nil, outcome.after.debounceDue == nil
        else { return }
        found.report(
            .flapSuppressed,
            BannerFinding(
                kind: .flapSuppressed, t: origin.t, lines: [origin.line, outcome.line],
                detail: .flapSuppressed(downMs: outcome.t - origin.t, debounceMs: debounce)))
    }
}
