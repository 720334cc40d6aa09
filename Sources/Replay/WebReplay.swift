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
        case .render(let render): advance(to: render.t, into: &output)
        }
    }
}

/// Replays a web recording through a fresh banner, handing each timeline record to `emit` as
/// soon as it is decided. A malformed line stops the replay by throwing, after everything
/// decided before it was emitted.
///
/// A regular file is parsed a batch of records at a time before the banner sees them
/// (`RecordingReader.forEachInBatches`), which keeps the parser and the banner from evicting
/// each other's code on every line: the same timeline, in the same order. Input read as it
/// arrives (`replay -`, a FIFO) goes a record at a time, so each decision shows as it comes.
public func replay(
    _ reader: RecordingReader, settings: BannerSettings,
    emit: (TimelineRecord) throws -> Void
) throws {
    var step = ReplayStep(banner: OfflineBanner(settings: settings))
    // Closure literals, not one closure in a `let`: a stored closure would box what it captures.
    if reader.arrives {
        try reader.forEach { try step.feed($0, emit) }
    } else {
        try reader.forEachInBatches { try step.feed($0, emit) }
    }
    step.banner.finish(into: &step.output)
    for decided in step.output { try emit(decided) }
}

/// One record through the banner, its decisions handed on as they come.
private struct ReplayStep {
    var banner: OfflineBanner
    var output: [TimelineRecord] = []

    mutating func feed(_ record: Record, _ emit: (TimelineRecord) throws -> Void) throws {
        banner.feed(record, into: &output)
        // Most records decide nothing: the buffer is touched only when they do.
        if !output.isEmpty {
            for decided in output { try emit(decided) }
            output.removeAll(keepingCapacity: true)
        }
    }
}

/// The whole timeline of the web recording at `path`, for tests and golden checks.
public func replayTimeline(path: String, settings: BannerSettings = BannerSettings(), lenient: Bool = false) throws -> [TimelineRecord] {
    var timeline: [TimelineRecord] = []
    try replay(RecordingReader(path: path, lenient: lenient, keepObserved: false), settings: settings) { timeline.append($0) }
    return timeline
}
