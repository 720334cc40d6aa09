import OfflineBanner
import Replay

/// Every finding's detector, called in a fixed order: the order in which findings of one record
/// are reported. Stored values of concrete types, so that each call is direct and an empty hook
/// vanishes. A new finding is a new detector file and its line here, added to each hook.
struct BannerDetectors: Sendable {
    var relabelledToast = RelabelledToastDetector()
    var onlineLied = OnlineLiedDetector()
    var stalePill: StalePillDetector
    var prefetchPill = PrefetchPillDetector()
    var flapSuppressed: FlapSuppressedDetector
    var emulatedOnline = EmulatedOnlineDetector()
    var reloadOffline = ReloadOfflineDetector()
    var bannerDrift: BannerDriftDetector

    init(settings: BannerSettings, rules: FindingRules) {
        flapSuppressed = FlapSuppressedDetector(debounce: settings.debounce)
        stalePill = StalePillDetector(minMs: rules.minMs(BannerFindingKind.stalePill.id))
        bannerDrift = BannerDriftDetector(settings: settings)
    }

    mutating func willSend(_ banner: borrowing OfflineBanner) {
        relabelledToast.willSend(banner)
        onlineLied.willSend(banner)
        stalePill.willSend(banner)
        prefetchPill.willSend(banner)
        flapSuppressed.willSend(banner)
        emulatedOnline.willSend(banner)
        reloadOffline.willSend(banner)
        bannerDrift.willSend(banner)
    }

    mutating func sent(_ input: BannerInput, _ outcome: SentInput, into found: inout FoundFindings) {
        relabelledToast.sent(input, outcome, into: &found)
        onlineLied.sent(input, outcome, into: &found)
        stalePill.sent(input, outcome, into: &found)
        prefetchPill.sent(input, outcome, into: &found)
        flapSuppressed.sent(input, outcome, into: &found)
        emulatedOnline.sent(input, outcome, into: &found)
        reloadOffline.sent(input, outcome, into: &found)
        bannerDrift.sent(input, outcome, into: &found)
    }

    mutating func changed(_ change: BannerChange, into found: inout FoundFindings) {
        relabelledToast.changed(change, into: &found)
        onlineLied.changed(change, into: &found)
        stalePill.changed(change, into: &found)
        prefetchPill.changed(change, into: &found)
        flapSuppressed.changed(change, into: &found)
        emulatedOnline.changed(change, into: &found)
        reloadOffline.changed(change, into: &found)
        bannerDrift.changed(change, into: &found)
    }

    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {
        relabelledToast.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        onlineLied.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        stalePill.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        prefetchPill.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        flapSuppressed.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        emulatedOnline.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        reloadOffline.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
        bannerDrift.pillClosed(pill, at: end, clearedBy: clearedBy, line: line, into: &found)
    }

    mutating func observed(_ record: ObservedRecord, into found: inout FoundFindings) {
        relabelledToast.observed(record, into: &found)
        onlineLied.observed(record, into: &found)
        stalePill.observed(record, into: &found)
        prefetchPill.observed(record, into: &found)
        flapSuppressed.observed(record, into: &found)
        emulatedOnline.observed(record, into: &found)
        reloadOffline.observed(record, into: &found)
        bannerDrift.observed(record, into: &found)
    }

    mutating func seen(_ seen: BannerSeen, line: Int, into found: inout FoundFindings) {
        bannerDrift.seen(seen, line: line, into: &found)
    }

    /// Turbo rendered the page: only what the page showed is judged around it.
    mutating func rendered(_ render: PageRender, line: Int) {
        bannerDrift.rendered(render, line: line)
    }

    mutating func finish(into found: inout FoundFindings) {
        relabelledToast.finish(into: &found)
        onlineLied.finish(into: &found)
        stalePill.finish(into: &found)
        prefetchPill.finish(into: &found)
        flapSuppressed.finish(into: &found)
        emulatedOnline.finish(into: &found)
        reloadOffline.finish(into: &found)
        // Its findings, one per episode with a difference, can be many: the analyzer takes them
        // a batch at a time (`bannerDrift.reportNext`).
        bannerDrift.settle()
    }
}
