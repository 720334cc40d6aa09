import OfflineBanner
import TurboRecording

extension OfflineBanner {
    /// Feeds one recorded line: an input is sent at its time; an observed record only moves
    /// the clock (so a streamed log shows a timer's record as soon as time has passed it).
    public mutating func feed(_ record: Record, into output: inout [TimelineRecord]) {
        switch record.event {
        case .meta: break
        case .input(let t, let input): send(input, at: t, into: &output)
        case .observed(let t, _), .passing(let t), .marker(let t, _): advance(to: t, into: &output)
        // What the page showed is held against the replay, never fed to it.
        case .seen(let seen): advance(to: seen.t, into: &output)
        }
    }
}

/// Replays a web recording through a fresh banner, handing each timeline record to `emit` as
/// soon as it is decided. A malformed line stops the replay by throwing, after everything
/// decided before it was emitted.
public func replay(
    _ reader: RecordingReader, settings: BannerSettings,
    emit: (TimelineRecord) throws -> Void
) throws {
    var banner = OfflineBanner(settings: settings)
    var output: [TimelineRecord] = []
    try reader.forEach { record in
        banner.feed(record, into: &output)
        // Most records decide nothing: the buffer is touched only when they do.
        if !output.isEmpty {
            for decided in output { try emit(decided) }
            output.removeAll(keepingCapacity: true)
        }
    }
    banner.finish(into: &output)
    for decided in output { try emit(decided) }
}

/// The whole timeline of the web recording at `path`, for tests and golden checks.
public func replayTimeline(path: String, settings: BannerSettings = BannerSettings(), lenient: Bool = false) throws -> [TimelineRecord] {
    var timeline: [TimelineRecord] = []
    try replay(RecordingReader(path: path, lenient: lenient, keepObserved: false), settings: settings) { timeline.append($0) }
    return timeline
}
