import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Reports
import TurboRecording

/// The error view's part of a native picture (`NativeLaneSection`): a lane per surface with a
/// decision drawn, in the order their first decision came (past `maxSurfaceLanes`, the rest
/// share one), each with the policy's decisions, its views' spans and the app's own records
/// about its views; the app's `foreground` records on the connectivity lane. Its retry
/// findings and probe loops go to the findings lane, its views to the summary.
final class ErrorViewLanes: NativeLaneSection {
    let band = NativeLaneBand.surfaces
    static let maxSurfaceLanes = 8
    /// Dropped at the log's end: the picture is drawn without the policy's state.
    private var explainer: NativeExplainer?
    private let limits: RenderLimits
    private(set) var decisions: Lane<Decision>
    /// The app's own records about its error views (`AppViewMark`): its marks, and what ends a
    /// view's span by its log.
    private(set) var appViews: Lane<AppViewMark>
    /// The surfaces with a decision drawn, a lane each.
    private(set) var surfaces: [String] = []
    private(set) var otherSurfaces = false
    /// Error views the policy showed (`view` decisions), in the window or not.
    private(set) var errorViews = 0

    init(config: NativeConfig, limits: RenderLimits) {
        explainer = NativeExplainer(config: config)
        self.limits = limits
        decisions = Lane(capacity: limits.maxMarks)
        appViews = Lane(capacity: limits.maxMarks)
    }

    func feed(_ record: NativeRecord, path: String, lanes: inout NativeLanes) throws {
        if case .timed(let t, let event) = record.event { viewRecord(event, at: t, line: record.line) }
        explainer?.feed(record, decided: { decision($0, lanes: &lanes) }, emit: { emit($0, lanes: &lanes) })
        try explainer?.checkOpenViews(after: record, path: path)
    }

    func finish(lanes: inout NativeLanes) throws {
        explainer?.finish(decided: { decision($0, lanes: &lanes) }, emit: { emit($0, lanes: &lanes) })
        explainer = nil
    }

    private func emit(_ event: NativeExplainer.Event, lanes: inout NativeLanes) {
        switch event {
        case .retry(let finding): retry(finding, lanes: &lanes)
        case .afterEnd(let decision): self.decision(decision, lanes: &lanes)
        case .probeLoop(let loop): probeLoop(loop, lanes: &lanes)
        }
    }

    /// A decision of the policy, after the log's end included.
    func decision(_ decision: Decision, lanes: inout NativeLanes) {
        lanes.time(decision.t)
        if case .view = decision.outcome { errorViews += 1 }
        guard limits.contains(decision.t) else { return }
        var decision = decision
        decision.surface = MarkText.bounded(decision.surface)
        if decisions.add(decision, at: decision.t), !surfaces.contains(where: { $0.utf8.elementsEqual(decision.surface.utf8) }) {
            if surfaces.count < Self.maxSurfaceLanes { surfaces.append(decision.surface) } else { otherSurfaces = true }
        }
    }

    /// A record of the app's log, kept when it is about its error views and in the window.
    private func viewRecord(_ event: NativeEvent, at t: Double, line: Int) {
        guard limits.contains(t), let kind = AppViewMark.Kind(event) else { return }
        appViews.add(AppViewMark(t: t, kind: kind, line: line), at: t)
    }

    private func retry(_ finding: RetryFinding, lanes: inout NativeLanes) {
        switch finding.detail {
        case .missed(let trigger):
            lanes.flag(
                Flag(
                    t: finding.t, id: finding.kind.rawValue, lines: [],
                    sentence:
                        "On \(finding.surface) the policy retried automatically (\(trigger.rawValue)); the app logged no automatic retry there within 1 s.",
                    level: finding.level))
        case .unexpected(let line, let policy):
            lanes.flag(
                Flag(
                    t: finding.t, id: finding.kind.rawValue, lines: [line],
                    sentence: "On \(finding.surface) the app retried automatically where the policy has no automatic retry within 1 s (\(policy.name)).",
                    level: finding.level))
        }
    }

    /// A probe loop: its surface's retries became a polling loop.
    private func probeLoop(_ loop: ProbeLoop, lanes: inout NativeLanes) {
        lanes.flag(Flag(t: loop.t, id: ProbeLoop.finding, lines: loop.lines, sentence: "On \(loop.surface) \(loop.message).", level: ProbeLoop.level))
    }

    var summary: [String] { ["error views \(errorViews)"] }

    var busy: [Double] { decisions.marks.map(\.t) + appViews.marks.map(\.t) }

    var leftOut: [String] {
        [decisions.leftOut("error-view decisions"), appViews.leftOut("app records about error views")].compactMap { $0 }
    }

    /// A lane per surface: the decisions' row, then the views' spans with the app's records on
    /// them. A view's span stops where what is drawn of the log stops: its end, the first
    /// decision or record left out, or the window's end.
    func rows(_ lanes: NativeLanes) -> [NativeLaneRow] {
        let until = [decisions.elidedFrom, appViews.elidedFrom, limits.to].compactMap { $0 }.min() ?? .infinity
        let viewsEnd = min(until, lanes.span.end)
        let (decisions, appViews, shown) = (decisions.marks, appViews.marks, surfaces)
        let viewSpans = ErrorViewSpans.spans(decisions: decisions, records: appViews, until: until)
        return (surfaces.map(Optional.some) + (otherSurfaces ? [nil] : [])).map { surface in
            let on = { (name: String) in
                surface.map { $0.utf8.elementsEqual(name.utf8) } ?? !shown.contains { $0.utf8.elementsEqual(name.utf8) }
            }
            return NativeLaneRow(name: surface ?? "other surfaces", height: 48, gap: 8) { chart, y in
                chart.drawSurfaceLane(
                    decisions, on: on, named: surface == nil, titled: { "\($0), \($1.surface) at \(formatMilliseconds($1.t)) ms" }, y: y, height: 26)
                chart.drawErrorViewSpans(viewSpans.filter { on($0.surface) }, end: viewsEnd, y: y + 30, height: 14)
                chart.drawAppViewMarks(appViews, on: on, cy: y + 37)
            }
        }
    }

    /// On the connectivity lane's lower edge, under its names: the app came to the foreground.
    func drawOnConnectivity(_ chart: inout NativeChart, y: Double, height: Double) {
        chart.drawForegrounds(appViews.marks, cy: y + height)
    }
}
