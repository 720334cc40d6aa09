import OfflineBanner
import TurboRecording

/// One banner replayed over a recording, with what `whatif` and `tune` count: its pill
/// episodes, toasts, and the offline debounces that `online` cancelled before they fired.
///
/// A pill episode is counted as `stats` counts it: it starts when the banner becomes
/// `offline` from anything else and ends when it becomes anything else, or at the end of the
/// log (its last record, or a timer that fired after it). Several runs can be fed the same
/// records, so a log is read once for any number of settings.
public struct BannerRun: Sendable {
    public private(set) var banner: OfflineBanner
    public private(set) var episodes: [PillEpisode] = []
    public private(set) var toasts = 0
    /// `offline` debounces cancelled by `online` before they fired: the radio came back within
    /// the debounce, so no pill was shown.
    public private(set) var flapsSuppressed = 0
    /// The last instant the log covers so far.
    public private(set) var end: Double?
    private var open: (start: Double, cause: BannerCause)?

    public init(settings: BannerSettings) {
        banner = OfflineBanner(settings: settings)
    }

    public var settings: BannerSettings { banner.settings }

    /// The time the pill was up, over every episode.
    public var pillMs: Double { episodes.reduce(0) { $0 + $1.duration } }

    /// Feeds one record, appending what the banner decided (timers that fired before it
    /// included) to `output`.
    public mutating func feed(_ record: Record, into output: inout [TimelineRecord]) {
        let first = output.count
        switch record.event {
        case .meta:
            return
        case .input(let t, let input):
            // Timers due by `t` fire first: a debounce that fires at the `online`'s own time
            // was not cancelled by it.
            banner.advance(to: t, into: &output)
            let debouncing = banner.debounce != nil
            banner.send(input, at: t, into: &output)
            if case .online = input, debouncing, banner.debounce == nil { flapsSuppressed += 1 }
            noteTime(t)
        case .observed(let t, _), .passing(let t):
            banner.advance(to: t, into: &output)
            noteTime(t)
        }
        for decided in output[first...] { note(decided) }
    }

    /// The end of the log: every pending timer fires, and a pill still up ends with the log.
    public mutating func finish(into output: inout [TimelineRecord]) {
        let first = output.count
        banner.finish(into: &output)
        for decided in output[first...] { note(decided) }
        if let open, let end {
            episodes.append(PillEpisode(start: open.start, end: end, cause: open.cause, stillUp: true))
            self.open = nil
        }
    }

    private mutating func noteTime(_ t: Double) {
        end = max(end ?? t, t)
    }

    private mutating func note(_ record: TimelineRecord) {
        noteTime(record.t)
        switch record {
        case .banner(let change):
            if change.banner == .offline {
                if open == nil { open = (change.t, change.cause) }
            } else if let pill = open {
                episodes.append(PillEpisode(start: pill.start, end: change.t, cause: pill.cause, stillUp: false))
                open = nil
            }
        case .submit(let decision):
            if decision.toastLabel != nil { toasts += 1 }
        }
    }
}
