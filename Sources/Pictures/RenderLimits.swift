import PolicyCore

/// What `render` draws of a recording: a window of its time (`--from`/`--to`, in the
/// recording's ms), and at most `maxMarks` marks a lane (2,000: two for each pixel of the
/// plot's 1,020; more are a smear, not marks). What a renderer keeps is what it draws: with the limit, a
/// day-long log draws in the memory of a short one. What a lane leaves out is counted and said
/// in the picture, so a person knows to draw a window.
package struct RenderLimits: Equatable, Sendable {
    package var from: Double?
    package var to: Double?
    package var maxMarks: Int

    package static let defaultMaxMarks = 2000
    /// Findings are flags with labels on rows of their own and a sentence each under the
    /// chart: forty is already more than a person reads at once, and keeps the picture's height
    /// within what a viewer opens.
    package static let maxFindings = 40

    package init(from: Double? = nil, to: Double? = nil, maxMarks: Int = defaultMaxMarks) {
        self.from = from
        self.to = to
        self.maxMarks = max(1, maxMarks)
    }

    package var isWindowed: Bool { from != nil || to != nil }

    /// Whether a mark at `t` is in the window.
    package func contains(_ t: Double) -> Bool {
        (from.map { t >= $0 } ?? true) && (to.map { t <= $0 } ?? true)
    }

    /// What a picture drawn with these limits leaves out, in a sentence: the window, and each
    /// lane's marks past the limit (`elided`: "120 decisions from 5000 ms", with where they start,
    /// for the next `--from`). `nil` for a whole picture. Every picture says it the same way.
    func leftOut(_ elided: [String]) -> String? {
        var parts: [String] = []
        if isWindowed {
            parts.append("window \(from.map(formatMilliseconds) ?? "start") to \(to.map(formatMilliseconds) ?? "end") ms")
        }
        if !elided.isEmpty {
            parts.append(
                "not drawn, past \(maxMarks) marks a lane (\(min(maxMarks, Self.maxFindings)) findings): "
                    + elided.joined(separator: ", ") + "; draw a window with --from/--to MS")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The part of a span in the window, `nil` when none of it is.
    func clip(_ from: Double, _ to: Double) -> (from: Double, to: Double)? {
        guard isWindowed else { return (from, to) }
        let a = max(from, self.from ?? -.infinity), b = min(to, self.to ?? .infinity)
        return b >= a ? (a, b) : nil
    }
}

/// One lane's marks: the first `capacity` in the window, and how many more there were.
struct Lane<Mark> {
    let capacity: Int
    private(set) var marks: [Mark] = []
    private(set) var elided = 0
    /// The time of the first mark left out.
    private(set) var elidedFrom: Double?

    init(capacity: Int) { self.capacity = capacity }

    /// Keeps `mark` if there is room; `false` when it was left out.
    @discardableResult
    mutating func add(_ mark: Mark, at t: Double) -> Bool {
        guard marks.count < capacity else {
            elided += 1
            if elidedFrom == nil { elidedFrom = t }
            return false
        }
        marks.append(mark)
        return true
    }

    /// Counts marks left out elsewhere as this lane's.
    mutating func elide(_ count: Int, from t: Double?) {
        guard count > 0 else { return }
        elided += count
        if elidedFrom == nil || (t ?? .infinity) < elidedFrom! { elidedFrom = t }
    }

    mutating func updateLast(_ change: (inout Mark) -> Void) {
        guard !marks.isEmpty else { return }
        change(&marks[marks.count - 1])
    }
}
