import OfflineBanner
import TurboRecording

/// One banner replayed over a recording, with what `whatif` and `tune` count: its pill
/// episodes, toasts, the offline debounces that `online` cancelled before they fired, the
/// green flashes, and the time the user was offline without being told.
///
/// A pill episode is counted as `stats` counts it: it starts when the banner becomes
/// `offline` from anything else and ends when it becomes anything else, or at the end of the
/// log (its last record, or a timer that fired after it). Several runs can be fed the same
/// records, so a log is read once for any number of settings.
package struct BannerRun: Sendable {
    package private(set) var banner: OfflineBanner
    /// Every pill episode, in order; empty when made with `keepingEpisodes: false` (`tune`
    /// needs only the counts below, and a log of 600,000 episodes would hold them all, once
    /// per combination).
    package private(set) var episodes: [PillEpisode] = []
    /// Pill episodes so far, kept or not.
    package private(set) var episodeCount = 0
    /// The time the pill was up, over every episode.
    package private(set) var pillMs: Double = 0
    /// Pill episodes shorter than the `blinkMs` given at init (0 without one).
    package private(set) var blinkCount = 0
    private let keepingEpisodes: Bool
    private let blinkMs: Double?
    package private(set) var toasts = 0
    /// `offline` debounces cancelled by `online` before they fired: the radio came back within
    /// the debounce, so no pill was shown.
    package private(set) var flapsSuppressed = 0
    /// The times the banner became `back-online`.
    package private(set) var flashes = 0
    /// The time the controller was connected, `navigator.onLine` was false and the banner was
    /// not `offline`: the user was offline and no pill said so (a debounce still pending, the
    /// green flash, nothing at all). A stretch still open at the end of the log ends with it,
    /// as a pill episode does.
    package private(set) var unannouncedMs: Double = 0
    /// The last instant the log covers so far.
    package private(set) var end: Double?
    private var open: (start: Double, cause: BannerCause)?
    private var unannouncedSince: Double?

    package init(settings: BannerSettings, keepingEpisodes: Bool = true, blinkMs: Double? = nil) {
        banner = OfflineBanner(settings: settings)
        self.keepingEpisodes = keepingEpisodes
        self.blinkMs = blinkMs
    }

    package var settings: BannerSettings { banner.settings }

    /// Pill episodes shorter than `blinkMs`: an amber blink rather than news the user could read.
    package func blinks(under blinkMs: Double) -> Int {
        if let counted = self.blinkMs, counted == blinkMs { return blinkCount }
        precondition(keepingEpisodes, "a run that keeps no episodes counts blinks under its own blinkMs only")
        return episodes.filter { $0.duration < blinkMs }.count
    }

    /// No pill episode this run closes from now on starts before this: the one up now, if any,
    /// began here; else a new one can start no earlier than the last instant read (time never
    /// goes back). `-infinity` before anything was read. `whatif` pairs the episodes on it.
    package var nextEpisodeFrom: Double { open?.start ?? end ?? -.infinity }

    /// Hands each kept episode to `body`, in order, and keeps none of them after: a caller that
    /// takes them as they close holds none (`whatif`).
    package mutating func takeEpisodes(_ body: (PillEpisode) throws -> Void) rethrows {
        guard !episodes.isEmpty else { return }
        for episode in episodes { try body(episode) }
        episodes.removeAll(keepingCapacity: true)
    }

    /// Feeds one record, appending what the banner decided (timers that fired before it
    /// included) to `output`.
    package mutating func feed(_ record: Record, into output: inout [TimelineRecord]) {
        let first = output.count
        switch record.event {
        case .meta:
            return
        case .input(let t, let input):
            // Timers due by `t` fire first: a debounce that fires at the `online`'s own time
            // was not cancelled by it.
            banner.advance(to: t, into: &output)
            // The timers' records first: each changed the banner at its own due time, while the
            // connection and `navigator.onLine` were still what they were before this input.
            for decided in output[first...] { note(decided) }
            let fromInput = output.count
            let debouncing = banner.debounce != nil
            banner.send(input, at: t, into: &output)
            if case .online = input, debouncing, banner.debounce == nil { flapsSuppressed += 1 }
            noteTime(t)
            for decided in output[fromInput...] { note(decided) }
            trackUnannounced(at: t, shown: banner.banner)
        case .observed(let t, _), .passing(let t), .marker(let t, _):
            banner.advance(to: t, into: &output)
            noteTime(t)
            for decided in output[first...] { note(decided) }
        case .seen(let seen):
            banner.advance(to: seen.t, into: &output)
            noteTime(seen.t)
            for decided in output[first...] { note(decided) }
        case .render(let render):
            banner.advance(to: render.t, into: &output)
            noteTime(render.t)
            for decided in output[first...] { note(decided) }
        }
    }

    /// The end of the log: every pending timer fires, and a pill still up ends with the log.
    package mutating func finish(into output: inout [TimelineRecord]) {
        let first = output.count
        banner.finish(into: &output)
        for decided in output[first...] { note(decided) }
        if let open, let end {
            add(PillEpisode(start: open.start, end: end, cause: open.cause, stillUp: true))
            self.open = nil
        }
        if let since = unannouncedSince, let end {
            unannouncedMs += end - since
            unannouncedSince = nil
        }
    }

    /// The banner shows `shown` from `t` on, with the controller's connection and
    /// `navigator.onLine` as they are now: starts or ends an unannounced stretch.
    private mutating func trackUnannounced(at t: Double, shown: BannerState) {
        let unannounced = banner.connected && !banner.navigatorOnline && shown != .offline
        if unannounced, unannouncedSince == nil {
            unannouncedSince = t
        } else if !unannounced, let since = unannouncedSince {
            unannouncedMs += t - since
            unannouncedSince = nil
        }
    }

    private mutating func add(_ episode: PillEpisode) {
        episodeCount += 1
        pillMs += episode.duration
        if let blinkMs, episode.duration < blinkMs { blinkCount += 1 }
        if keepingEpisodes { episodes.append(episode) }
    }

    private mutating func noteTime(_ t: Double) {
        end = max(end ?? t, t)
    }

    private mutating func note(_ record: TimelineRecord) {
        noteTime(record.t)
        switch record {
        case .banner(let change):
            trackUnannounced(at: change.t, shown: change.banner)
            if change.banner == .backOnline { flashes += 1 }
            if change.banner == .offline {
                if open == nil { open = (change.t, change.cause) }
            } else if let pill = open {
                add(PillEpisode(start: pill.start, end: change.t, cause: pill.cause, stillUp: false))
                open = nil
            }
        case .submit(let decision):
            if decision.toastLabel != nil { toasts += 1 }
        }
    }
}
