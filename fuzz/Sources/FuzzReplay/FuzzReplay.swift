import ArchiveCachePolicy
import Glibc
import LaunchPolicy
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// libFuzzer's entry point: arbitrary bytes as a recording, read as a web recording through
/// the banner and as a native one through every native policy (the error view's retries, the
/// launch, the web-archive cache).
///
/// Crashes, hangs and sanitizer reports are findings by themselves. On top of that it checks
/// what must hold for any input:
/// - each reader gives the same records and the same errors however its read buffer cuts the
///   lines (strict and lenient; a 7-byte buffer makes every line cross refills);
/// - every policy's output is valid JSON line by line and never goes back in time; a banner
///   record always changes the banner or its label; the archive key of a key is itself;
/// - strings are escaped exactly as json-c escapes them.
func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWeb(bytes)
    fuzzNative(bytes)
    return 0
}

// MARK: - Web

func fuzzWeb(_ bytes: [UInt8]) {
    let outcomes = readWeb(bytes, readBufferSize: 1 << 16)
    let small = readWeb(bytes, readBufferSize: 7)
    require(outcomes == small, "a small read buffer changes what the web reader reads", outcomes, small)

    var banner = OfflineBanner()
    var timeline: [TimelineRecord] = []
    for case .record(let record) in outcomes { banner.feed(record, into: &timeline) }
    banner.finish(into: &timeline)
    requireOrderedJSON(timeline.map { ($0.t, $0.jsonLine) })
    var shown: (BannerState, String?) = (.hidden, nil)
    for case .banner(let change) in timeline {
        require((change.banner, change.label) != shown, "banner record without a change", change)
        shown = (change.banner, change.label)
    }
    for case .record(let record) in outcomes {
        if case .input(_, .connect(let context?, _)) = record.event {
            var escaped: [UInt8] = []
            appendJSONString(context, to: &escaped)
            require(escaped == Array(jsonCString(context).utf8), "escaping differs from json-c", context)
        }
    }
}

enum Outcome<Record: Equatable>: Equatable {
    case record(Record)
    case skipped(RecordingError)
    case failed(RecordingError)
}

/// Every record and every skipped line (lenient), then the same input read strictly: its
/// records up to the first error, and that error.
func readWeb(_ bytes: [UInt8], readBufferSize: Int) -> [Outcome<Record>] {
    read { lenient, onSkip in
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                     lenient: lenient, keepObserved: true, onSkip: onSkip)
        return reader.next
    }
}

// MARK: - Native

func fuzzNative(_ bytes: [UInt8]) {
    let outcomes = readNative(bytes, readBufferSize: 1 << 16)
    let small = readNative(bytes, readBufferSize: 7)
    require(outcomes == small, "a small read buffer changes what the native reader reads", outcomes, small)

    // The policies read what a lenient read keeps: the reader guarantees time order.
    var records: [NativeRecord] = []
    let reader = NativeRecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz"), lenient: true)
    while let record = try? reader.next() { records.append(record) }
    guard case .meta(let meta)? = records.first?.event else { return }
    let platform = meta.platform ?? .ios
    var retry = RetryPolicy(settings: PolicySettings(platform: platform))
    var launch = LaunchPolicy(settings: LaunchSettings(platform: platform))
    var cache = ArchiveCache()
    var decisions: [Decision] = [], screens: [LaunchRecord] = [], captures: [ArchiveDecision] = []
    var last = -Double.infinity
    for case .timed(let t, let event) in records.dropFirst().map(\.event) {
        require(t >= last, "the native reader let time go back", t, last)
        last = t
        retry.feed(event.retryInput, at: t, into: &decisions)
        launch.feed(event.launchInput, at: t, into: &screens)
        cache.feed(event.archiveInput, at: t, into: &captures)
        if let url = url(of: event) {
            let key = archiveKey(url)
            require(archiveKey(key) == key, "the archive key of a key is not itself", url, key)
        }
    }
    retry.finish(into: &decisions)
    launch.finish(into: &screens)
    cache.finish(into: &captures)
    requireOrderedJSON(decisions.map { ($0.t, $0.jsonLine) })
    requireOrderedJSON(screens.map { ($0.t, $0.jsonLine) })
    requireOrderedJSON(captures.map { ($0.t, $0.jsonLine) })
}

/// The URL a native record names, if any.
func url(of event: NativeEvent) -> String? {
    switch event {
    case .finish(let url), .urlChange(let url), .cacheRemove(let url): return url
    case .presented(let presented): return presented.url
    default: return nil
    }
}

func readNative(_ bytes: [UInt8], readBufferSize: Int) -> [Outcome<NativeRecord>] {
    read { lenient, onSkip in
        let reader = NativeRecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                           lenient: lenient, onSkip: onSkip)
        return reader.next
    }
}

// MARK: - Shared

/// A lenient read, then a strict one, through the reader `open` makes.
func read<Record: Equatable>(_ open: (_ lenient: Bool, _ onSkip: @escaping (RecordingError) -> Void) -> () throws -> Record?)
    -> [Outcome<Record>] {
    var outcomes: [Outcome<Record>] = []
    for lenient in [true, false] {
        var skipped: [RecordingError] = []
        let next = open(lenient) { skipped.append($0) }
        do {
            while let record = try next() {
                outcomes += skipped.map(Outcome.skipped)
                skipped.removeAll()
                outcomes.append(.record(record))
            }
        } catch let error as RecordingError {
            outcomes.append(.failed(error))
        } catch {
            fatalError("unexpected error \(error)")
        }
        outcomes += skipped.map(Outcome.skipped)
    }
    return outcomes
}

/// Output lines are valid JSON and their times never go back.
func requireOrderedJSON(_ lines: [(t: Double, line: String)]) {
    var last = -Double.infinity
    for (t, line) in lines {
        require(JSONValue(parsing: line) != nil, "an output line is not JSON", line)
        require(t >= last, "output goes back in time", line)
        last = t
    }
}

func require(_ condition: Bool, _ what: String, _ details: Any...) {
    guard !condition else { return }
    var report = "FUZZ FAILURE: \(what)\n"
    for detail in details { report += "  \(detail)\n" }
    _ = report.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    abort()
}
