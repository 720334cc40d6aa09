import PolicyCore

/// A log's cut (recording-format.md, "A cut log"): its last line, with no line end and not a
/// complete JSON object, is where its writer stopped mid-line (a crash, a killed tab, a full
/// disk, a copy taken while it was written). Every line before it was read; the cut is reported
/// as the `info` finding `log-cut`, of the reader's layer rather than of a policy, the same for
/// a web recording and a native log, and it never changes an exit status.
public struct LogCut: Equatable, Sendable {
    /// Its finding id and level, registered with the policies' in Replay (`LogFindingKind`).
    public static let finding = "log-cut"
    public static let level = FindingLevel.info

    /// The cut line's number (1-based).
    public var line: Int
    /// The time of the log's last record before it (0 when none had a time): when the log ends;
    /// for a `cut` record, its own time.
    public var t: Double
    /// For a `cut` record, the bytes of the half line its logger removed; nil for the log's
    /// own last line.
    public var removed: Int?

    public init(line: Int, t: Double?, removed: Int? = nil) {
        self.line = line
        self.t = t ?? 0
        self.removed = removed
    }

    /// What a report says of it.
    public var message: String {
        guard let removed else {
            return "the last line has no line end and is not a complete JSON object: the log was cut there "
                + "(its writer stopped mid-line); every line before it was read"
        }
        return "the app's logger found half a line (\(removed) byte\(removed == 1 ? "" : "s")) at the log's end, left by a process "
            + "that stopped mid-write, removed it and went on: a record was lost there; every other line was read"
    }
}
