import CJSONC
import NativeErrorPolicy

extension RetryPolicy {
    /// Feeds one recorded line: an input is sent at its time; any other timed record only
    /// moves the clock (so a streamed log shows a timer's decision as soon as time has passed it).
    public mutating func feed(_ record: NativeRecord, into output: inout [Decision]) {
        switch record.event {
        case .meta: break
        case .input(let t, let input): send(input, at: t, into: &output)
        case .appRetry(let t, _), .observed(let t, _): advance(to: t, into: &output)
        }
    }
}

/// Replays a native recording through a fresh policy, with `config` over the recording's
/// `meta`, handing each decision to `emit` as soon as it is made and each record to `observe`
/// as it is read. A malformed line stops the replay by throwing, after everything decided
/// before it was emitted. Returns the settings the replay used.
@discardableResult
public func replayNative(_ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
                         observe: (NativeRecord) throws -> Void = { _ in },
                         emit: (Decision) throws -> Void) throws -> PolicySettings {
    // The reader's first record is the meta (it throws otherwise): the platform is known
    // before any input.
    guard let first = try reader.next() else { return config.settings(recorded: nil) }
    try observe(first)
    let settings = config.settings(recorded: reader.meta?.platform)
    var policy = RetryPolicy(settings: settings)
    var output: [Decision] = []
    while let record = try reader.next() {
        try observe(record)
        policy.feed(record, into: &output)
        for decided in output { try emit(decided) }
        output.removeAll(keepingCapacity: true)
    }
    policy.finish(into: &output)
    for decided in output { try emit(decided) }
    return settings
}

/// The whole decision timeline of the native recording at `path`, for tests and golden checks.
public func nativeTimeline(path: String, config: NativeConfig = NativeConfig(), lenient: Bool = false) throws -> [Decision] {
    var timeline: [Decision] = []
    try replayNative(NativeRecordingReader(path: path, lenient: lenient), config: config) { timeline.append($0) }
    return timeline
}

/// True when the recording's first record is a `meta` with `"recording":"native"`; every other
/// recording is a web one (a first line that is not even JSON is left to the web reader to report).
public func isNativeRecording(path: String) throws -> Bool {
    let lines = try JSONLines(path: path)
    let first: Bool?
    do {
        first = try lines.next { object, _ in
            Field(object, "type").string == "meta" && Field(object, "recording").string == "native"
        }
    } catch let error as RecordingError where error.kind == .malformed {
        return false
    }
    return first ?? false
}
