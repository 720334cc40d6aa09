import PolicyCore

/// A hole in a log a collector stored (docs/app-session.md, "A collector's folder"): a run of a
/// page's seq numbers that no batch holds, or parts of an app's log that never arrived. What is
/// on either side was still read; the finding says what is missing. A warning, of the reader's
/// layer rather than of a policy, as `log-cut` is: what the policies say past it may be wrong.
public struct LogGap: Equatable, Sendable {
    /// Its finding id and level, registered with the policies' in Replay (`LogFindingKind`).
    public static let finding = "log-gap"
    public static let level = FindingLevel.warning

    public enum Missing: Equatable, Sendable {
        /// A page's lines, by seq.
        case seq(ClosedRange<Int>)
        /// An app's log parts, by index, of `of` parts when its manifest says so.
        case parts(ClosedRange<Int>, of: Int?)
    }

    public var missing: Missing
    /// The part read next after the hole (its first line is the first after it); `nil` when the
    /// hole is at the end of the log.
    public var before: String?

    public init(_ missing: Missing, before: String?) {
        self.missing = missing
        self.before = before
    }

    /// The missing range as text: `seq 5-9`, `part 2 of 6`, `parts 2-3`.
    public var range: String {
        switch missing {
        case .seq(let seqs):
            return seqs.count == 1 ? "seq \(seqs.lowerBound)" : "seq \(seqs.lowerBound)-\(seqs.upperBound)"
        case .parts(let parts, let count):
            let of = count.map { " of \($0)" } ?? ""
            return parts.count == 1 ? "part \(parts.lowerBound)\(of)" : "parts \(parts.lowerBound)-\(parts.upperBound)\(of)"
        }
    }

    /// The first and last missing number (seq, or part index), for JSON.
    public var bounds: ClosedRange<Int> {
        switch missing {
        case .seq(let seqs): return seqs
        case .parts(let parts, _): return parts
        }
    }

    /// What a report says of it.
    public var message: String {
        switch missing {
        case .seq(let seqs):
            let lines = seqs.count == 1 ? "1 line" : "\(seqs.count) lines"
            return "\(range) missing (\(lines)): the collector holds no batch with them; "
                + "the lines before and after were read, and what the page did in between is unknown"
        case .parts:
            return "\(range) missing: the app's log never arrived whole at the collector; "
                + "the parts before and after were read, and what the app did in between is unknown"
        }
    }
}
