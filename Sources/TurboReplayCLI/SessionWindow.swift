import AppSession
import Pictures
import Replay
import Reports

/// `session --from/--to`: what a report prints of a window of session time. The timeline's
/// lines, the drops and edges (each its connectivity line's note) and the findings whose time
/// is in the window go on to `report`; the rest are left out. The figures (the summary) are
/// measured over the whole session, as the findings were decided with all of it.
final class SessionWindowOutput: SessionOutput {
    private let report: any SessionOutput
    private let window: RenderLimits

    init(_ report: any SessionOutput, window: RenderLimits) {
        self.report = report
        self.window = window
    }

    func begin(offset: Double, nativeSettings: PolicySettings) throws {
        try report.begin(offset: offset, nativeSettings: nativeSettings)
    }

    func line(_ line: SessionLine) throws {
        if window.contains(line.t) { try report.line(line) }
    }

    func measure(_ measure: SessionMeasure) throws {
        if window.contains(measure.t) { try report.measure(measure) }
    }
}

extension SessionMeasure {
    /// The drop's, the edge's or the finding's time.
    var t: Double {
        switch self {
        case .drop(let drop): drop.t
        case .edge(let edge): edge.t
        case .finding(let finding): finding.t
        }
    }
}

extension RenderLimits {
    /// `session`'s header line for a window; `nil` without one.
    var sessionHeader: String? {
        guard isWindowed else { return nil }
        let from = from.map { formatMilliseconds($0) + " ms" } ?? "the start"
        let to = to.map { formatMilliseconds($0) + " ms" } ?? "the end"
        return "window:    \(from) to \(to) (the rows and findings in it; the figures are the whole session's)"
    }
}
