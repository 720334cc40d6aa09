import Fleet
import NativeErrorPolicy
import Replay
import TurboRecording

/// What a retry variant changes in one native log: the automatic retries, and among them the
/// settling probe's, and the time the user looked at an error view (`errorViewMs`, the
/// cost fewer retries can have), under v1 and under the variant (`whatif --variant probe-once`).
package struct NativeWhatIfCounts: Equatable, Sendable {
    package var automatic = 0
    package var probe = 0
    /// All the time spent on error views, every surface (app-session.md's "Error views", on
    /// the log's own clock, open views counted to the log's end).
    package var errorViewMs = 0.0

    package init(automatic: Int = 0, probe: Int = 0, errorViewMs: Double = 0) {
        self.automatic = automatic
        self.probe = probe
        self.errorViewMs = errorViewMs
    }

    mutating func note(_ decision: Decision) {
        guard case .retry(.automatic(let trigger)) = decision.outcome else { return }
        automatic += 1
        if trigger == .probe { probe += 1 }
    }

    static func + (a: NativeWhatIfCounts, b: NativeWhatIfCounts) -> NativeWhatIfCounts {
        NativeWhatIfCounts(
            automatic: a.automatic + b.automatic, probe: a.probe + b.probe, errorViewMs: a.errorViewMs + b.errorViewMs)
    }
}

/// One side of a native what-if: a policy, the error views it put up, and its counts.
struct NativeWhatIfSide {
    var policy: RetryPolicy
    /// Each closed view's time is added up as it closes: what is held is the views on screen.
    var views = ErrorViewTime(keepingClosedViews: false)
    var counts = NativeWhatIfCounts()
    private var output: [Decision] = []
    /// Under `probe-once`, the surfaces probed since the last edge, past a bound, on disk.
    private var probed = ProbedSpill()

    init(settings: PolicySettings) { policy = RetryPolicy(settings: settings) }

    mutating func feed(_ record: NativeRecord) {
        guard case .timed(let t, let event) = record.event else { return }
        probed.before(event.retryInput, &policy)
        views.send(event.retryInput, at: t, through: &policy, into: &output)
        probed.after(&policy)
        for decision in output { counts.note(decision) }
        output.removeAll(keepingCapacity: true)
        var closedMs = 0.0
        views.takeClosed { closedMs += $0 }
        counts.errorViewMs += closedMs
    }

    /// The timers still pending fire; the views still up are open to the end: the largest
    /// `t` of the log's records and of this policy's decisions.
    mutating func finish() -> NativeWhatIfCounts {
        views.finish(through: &policy, into: &output)
        for decision in output { counts.note(decision) }
        output.removeAll()
        var closedMs = 0.0
        views.takeClosed { closedMs += $0 }
        counts.errorViewMs += closedMs
        // The views still up, open to the end.
        for duration in views.durations(end: views.end ?? 0) { counts.errorViewMs += duration }
        return counts
    }
}

/// One native log replayed twice at once, record by record: as v1 and under a retry variant,
/// with the same settings otherwise. Every decision counts, those its timers make after the
/// last record included, as `native` prints them.
package struct NativeWhatIfRecording: Equatable, Sendable {
    package var path: String
    package var variant: RetryVariant
    package var platform: Platform
    package var v1: NativeWhatIfCounts
    package var withVariant: NativeWhatIfCounts

    package var changed: Bool { v1 != withVariant }

    package init(path: String, variant: RetryVariant, platform: Platform, v1: NativeWhatIfCounts, withVariant: NativeWhatIfCounts) {
        self.path = path
        self.variant = variant
        self.platform = platform
        self.v1 = v1
        self.withVariant = withVariant
    }

    /// Reads the log behind `reader` to its end through both policies; `config` gives the
    /// settings (its own variant is set aside: the comparison is always with v1).
    package static func analyze(
        _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
        variant: RetryVariant
    ) throws -> NativeWhatIfRecording {
        var base = config
        base.variant = nil
        guard try reader.next() != nil else {
            return NativeWhatIfRecording(
                path: reader.path, variant: variant, platform: base.settings(recorded: nil).platform,
                v1: .init(), withVariant: .init())
        }
        let settings = base.settings(recorded: reader.meta?.platform)
        var variantSettings = settings
        variantSettings.variants = [variant]
        var v1 = NativeWhatIfSide(settings: settings), other = NativeWhatIfSide(settings: variantSettings)
        let limit = OpenViewLimit(config)
        while let record = try reader.next() {
            v1.feed(record)
            other.feed(record)
            try limit.check(max(v1.policy.openViews, other.policy.openViews), line: record.line, path: reader.path)
        }
        let counts = (v1: v1.finish(), variant: other.finish())
        return NativeWhatIfRecording(
            path: reader.path, variant: variant, platform: settings.platform,
            v1: counts.v1, withVariant: counts.variant)
    }
}

/// One file of a native `whatif` run.
package typealias NativeWhatIfFile = FleetFile<NativeWhatIfOutcome>

package enum NativeWhatIfOutcome: FleetOutcome, Equatable {
    case compared(NativeWhatIfRecording)
    /// A web recording: it has no retry policy.
    case web
    case failed(RecordingError)

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// `whatif --variant probe-once` over many logs, combined in path order.
package typealias NativeWhatIfFleet = LogFleet<NativeWhatIfReading>

/// How `whatif --variant probe-once` reads one native log: its retries under v1 and `variant`.
package struct NativeWhatIfReading: FleetReading, Equatable {
    package var config: NativeConfig
    package var variant: RetryVariant

    package init(config: NativeConfig = NativeConfig(), variant: RetryVariant) {
        self.config = config
        self.variant = variant
    }

    package func read(_ log: FleetLog) throws -> NativeWhatIfOutcome {
        guard case .native(let reader) = try log.open() else { return .web }
        return .compared(try NativeWhatIfRecording.analyze(reader, config: config, variant: variant))
    }
}

extension LogFleet where Reading == NativeWhatIfReading {
    package var variant: RetryVariant { reading.variant }

    package var recordings: [NativeWhatIfRecording] {
        files.compactMap { if case .compared(let recording) = $0.outcome { return recording } else { return nil } }
    }

    package var changed: [NativeWhatIfRecording] { recordings.filter(\.changed) }
    package var webs: Int { count(.web) }

    /// Every log's counts together, added up in the files' order.
    package var totals: NativeWhatIfTotals {
        var totals = NativeWhatIfTotals(variant: variant)
        for file in files { totals.add(file) }
        return totals
    }
}

/// What `whatif --variant probe-once` says of many logs together, added up log by log as each
/// is read, so that a run holds a few logs' reports at a time, not the fleet's.
package struct NativeWhatIfTotals: Equatable, Sendable {
    package let variant: RetryVariant
    /// The native logs compared, and those the variant changed.
    package private(set) var recordings = 0
    package private(set) var changed = 0
    /// Web recordings skipped (no retry policy), and logs not read.
    package private(set) var webs = 0
    package private(set) var notRead = 0
    /// Every compared log's counts together, under v1 and under the variant.
    package private(set) var v1 = NativeWhatIfCounts()
    package private(set) var withVariant = NativeWhatIfCounts()

    package init(variant: RetryVariant) { self.variant = variant }

    package mutating func add(_ file: NativeWhatIfFile) {
        switch file.outcome {
        case .compared(let recording):
            recordings += 1
            if recording.changed { changed += 1 }
            v1 = v1 + recording.v1
            withVariant = withVariant + recording.withVariant
        case .web: webs += 1
        case .failed: notRead += 1
        }
    }
}
