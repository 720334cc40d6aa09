import NativeErrorPolicy
import NativeFindings
import PolicyCore
import TurboRecording

/// What a native picture draws of a recording, kept as it is read: the lanes every native log
/// has whatever its policies (the findings, connectivity, the recording's time), and each
/// registered policy's own (`sections`, `NativeLaneSection`), each lane's marks in the window
/// up to the cap (the rest counted, with the time of the first left out). Fed in the order
/// the analyses decide things, so that a log of any length is drawn in the memory of a short one.
struct NativeLanes {
    let limits: RenderLimits
    /// Each registered native policy's lanes, in the order the picture stacks them.
    let sections: [any NativeLaneSection]
    /// The platform the policies replay, the config's over the log's `meta`.
    private(set) var platform: Platform
    private(set) var connectivity: Lane<(from: Double, to: Double, online: Bool, assumed: Bool)>
    /// The first findings by time, at most one past what the picture lists: that one says
    /// from when the rest were left out.
    private(set) var flags: [Flag] = []
    /// Findings in the window, listed or not.
    private(set) var allFlags = 0
    /// The first and last timed records' `t`.
    private(set) var first: Double?
    private(set) var last: Double?
    /// The earliest and latest `t` of the policies' decisions.
    private(set) var earliest: Double?
    private(set) var latest: Double?

    /// The recording's time, from its earliest to its latest record or decision (0 to 0 for
    /// none).
    var span: (first: Double, end: Double) {
        let times = [earliest, latest, first, last].compactMap { $0 }
        let first = times.min() ?? 0
        return (first, max(times.max() ?? first, first))
    }

    private let config: NativeConfig
    /// Offline until the first path record says otherwise (the error view's contract).
    private var online = (since: Double?.none, online: false, assumed: true)
    private var flagCount = 0

    /// `sections`: the registry's (`NativeLaneSections`) unless given (a test draws one alone).
    init(limits: RenderLimits, config: NativeConfig = NativeConfig(), sections: [any NativeLaneSection]? = nil) {
        self.limits = limits
        self.config = config
        self.sections = sections ?? NativeLaneSections.make(config: config, limits: limits)
        platform = config.settings(recorded: nil).platform
        connectivity = Lane(capacity: limits.maxMarks)
    }

    /// The section of type `S`, when the registry has it.
    func section<S: NativeLaneSection>(_ type: S.Type) -> S? {
        sections.lazy.compactMap { $0 as? S }.first
    }

    /// Reads and analyses the native recording `lines` reads for its picture: what is held is
    /// the lanes and the policies' state, not the log.
    static func read(
        lines: JSONLines, config: NativeConfig, lenient: Bool, limits: RenderLimits,
        onSkip: @escaping (RecordingError) -> Void
    ) throws -> (path: String, lanes: NativeLanes) {
        let reader = NativeRecordingReader(lines: lines, lenient: lenient, onSkip: onSkip)
        var lanes = NativeLanes(limits: limits, config: config)
        try lanes.read(reader)
        return (reader.path, lanes)
    }

    /// Every record `reader` reads, each section taking what its policy decides as it is decided.
    mutating func read(_ reader: NativeRecordingReader) throws {
        var read = 0
        while let record = try reader.next() {
            if read == 0, case .meta(let meta) = record.event { platform = config.settings(recorded: meta.platform).platform }
            read += 1
            // A section sees the record before the shared lanes do: a launch mismatch still
            // open when it is decided is measured to the record before this one.
            for section in sections { try section.feed(record, path: reader.path, lanes: &self) }
            if case .timed(let t, let event) = record.event {
                self.record(at: t)
                if case .path(let online) = event { path(at: t, online: online) }
            }
        }
        for section in sections { try section.finish(lanes: &self) }
        for cut in reader.cuts { self.cut(cut) }
        finish()
    }

    var shownFlags: Int { min(limits.maxMarks, RenderLimits.maxFindings) }

    /// A timed record was read at `t`.
    mutating func record(at t: Double) {
        if first == nil { first = t }
        last = t
    }

    /// A policy decided something at `t`: the axis spans it.
    mutating func time(_ t: Double) {
        earliest = min(earliest ?? t, t)
        latest = max(latest ?? t, t)
    }

    /// A `path` record.
    mutating func path(at t: Double, online: Bool) {
        guard self.online.assumed || online != self.online.online else { return }
        if t > (self.online.since ?? -.infinity) { addConnectivity(self.online.since, t, self.online.online, self.online.assumed) }
        self.online = (t, online, false)
    }

    private mutating func addConnectivity(_ from: Double?, _ to: Double, _ online: Bool, _ assumed: Bool) {
        // The first span starts where the axis does, known once the axis is fitted.
        let from = from ?? -.infinity
        if let clipped = limits.clip(from, to) { connectivity.add((clipped.from, clipped.to, online, assumed), at: from) }
    }

    /// The log's cut, at its last record: a finding of the log rather than of a policy.
    mutating func cut(_ cut: LogCut) {
        flag(Flag(t: cut.t, id: LogCut.finding, lines: [cut.line], sentence: cut.message + ".", level: LogCut.level))
    }

    /// Keeps the first findings by time (a tie in the order they came), one past what is listed.
    /// Two policies' findings never tie (their ids differ), so the order of arrival only
    /// matters within one kind, where it is the order its analysis decided them.
    mutating func flag(_ flag: Flag) {
        guard limits.contains(flag.t) else { return }
        allFlags += 1
        var flag = flag
        flag.sentence = MarkText.bounded(flag.sentence)
        flag.order = flagCount
        flagCount += 1
        func before(_ a: Flag, _ b: Flag) -> Bool { (a.t, a.id, a.order) < (b.t, b.id, b.order) }
        if flags.count > shownFlags, let worst = flags.last, !before(flag, worst) { return }
        let index = flags.firstIndex { before(flag, $0) } ?? flags.count
        flags.insert(flag, at: index)
        if flags.count > shownFlags + 1 { flags.removeLast() }
    }

    /// The end of the log: the last spans run to the recording's end.
    mutating func finish() {
        let recordingEnd = span.end
        for section in sections { section.close(at: recordingEnd) }
        addConnectivity(online.since, recordingEnd, online.online, online.assumed)
    }
}

/// A finding of a native policy (or of the log), as the picture shows it.
struct Flag {
    var t: Double
    var id: String
    var lines: [Int]
    var sentence: String
    /// Told apart in the picture: an `info` finding is not drawn as a warning is.
    var level: FindingLevel = .warning
    /// The order it came in: a tie in time and kind is listed in it.
    var order = 0
}
