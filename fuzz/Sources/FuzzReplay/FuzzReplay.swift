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
/// launch, the web-archive cache), and split in two as one app session (FuzzSession.swift).
///
/// Crashes, hangs and sanitizer reports are findings by themselves. On top of that it checks
/// what must hold for any input:
/// - each reader gives the same records and the same errors however its read buffer cuts the
///   lines (strict and lenient; a 7-byte buffer makes every line cross refills);
/// - the web reader's lean read (as `stats` reads) and the replay's read give the full read's
///   records without what only describes them, and the same skips and errors: a line is
///   malformed to every command or to none;
/// - every policy's output is valid JSON line by line and never goes back in time; a banner
///   record always changes the banner or its label; the archive key of a key is itself;
/// - strings are escaped exactly as json-c escapes them;
/// - nothing of a line is lost (issue #20): a line holding a raw NUL byte, which JSON allows
///   nowhere, is never read as a record; a string read from a line is in that line, whole
///   (checked where its escaping is known); every time and integer read is within ±2^53,
///   where json-c and a double still hold it exactly.
func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWeb(bytes)
    fuzzNative(bytes)
    fuzzSession(bytes)
    return 0
}

// MARK: - Nothing lost

/// The input's lines as the readers number them (1-based), without their LF.
func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0 }
}

/// What must hold of a record read from `line`: no raw NUL there; each string it kept
/// appears in the line, quoted, whenever the line's only escapes are `\u0000` (then a string
/// read from it is known: its bytes as they are, a NUL written `\u0000`); its time and
/// integers in range.
func requireNothingLost(line number: Int, of all: [ArraySlice<UInt8>], t: Double?, strings: [String], integers: [Int?]) {
    guard number >= 1, number <= all.count else {
        require(false, "a record names a line the input does not have", number)
        return
    }
    let line = Array(all[number - 1])
    require(!line.contains(0), "a line with a raw NUL byte was read as a record", number, line)
    if let t { require(t.magnitude <= 9_007_199_254_740_992, "a time beyond 2^53 ms was read", number, t) }
    for case let value? in integers {
        require(value.magnitude <= 9_007_199_254_740_992, "an integer beyond 2^53 was read", number, value)
    }
    guard onlyNulEscapes(line) else { return }
    for string in strings {
        // As the line must hold it: raw, but for NUL. (json-c takes raw control characters
        // in a string, so they are not escaped here.)
        var quoted: [UInt8] = [0x22]
        for byte in string.utf8 { if byte == 0 { quoted += Array(#"\u0000"#.utf8) } else { quoted.append(byte) } }
        quoted.append(0x22)
        require(contains(line, quoted), "a string read is not in its line as it was written", number, string, line)
    }
}

/// Whether every backslash in `line` starts `\u0000`.
func onlyNulEscapes(_ line: [UInt8]) -> Bool {
    var index = 0
    while index < line.count {
        if line[index] == 0x5C {
            guard index + 5 < line.count, Array(line[index + 1...index + 5]) == Array("u0000".utf8) else { return false }
            index += 6
        } else {
            index += 1
        }
    }
    return true
}

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
    }
    return false
}

func requireNothingLost(_ record: Record, of all: [ArraySlice<UInt8>]) {
    var strings: [String] = [], integers: [Int?] = []
    switch record.event {
    case .meta(let meta):
        strings = [meta.source, meta.userAgent, meta.page, meta.startedAt, meta.recording, meta.platform].compactMap { $0 }
        integers = [meta.version]
    case .input(_, let input):
        switch input {
        case .connect(let context, _): strings = [context].compactMap { $0 }
        case .fetchRequestError(let error): strings = [error.url, error.method, error.target, error.error].compactMap { $0 }
        case .submitEnd(let end):
            strings = [end.action, end.method].compactMap { $0 }
            integers = [end.fetchResponse?.statusCode]
        case .beforeFetchResponse(let response):
            strings = [response.target].compactMap { $0 }
            integers = [response.statusCode]
        default: break
        }
    case .observed(_, let observed):
        strings = [observed.type, observed.url, observed.action, observed.target, observed.reason, observed.state].compactMap { $0 }
        integers = [observed.statusCode]
    case .marker(_, let marker):
        strings = [marker.observed.target].compactMap { $0 }
    case .seen(let seen): strings = [seen.text]
    case .passing, .render: break
    }
    requireNothingLost(line: record.line, of: all, t: record.t, strings: strings, integers: integers)
}

func requireNothingLost(_ record: NativeRecord, of all: [ArraySlice<UInt8>]) {
    var strings: [String] = [], integers: [Int?] = []
    if case .timed(_, let event) = record.event {
        switch event {
        case .presented(let presented):
            strings = [presented.surface] + [presented.url].compactMap { $0 }
            switch presented.error {
            case .http(let status): integers = [status]
            case .web(.code(let code)): integers = [code]
            default: break
            }
        case .tapRetry(let surface), .dismissed(let surface): strings = [surface]
        case .appRetry(let retry): strings = [retry.surface]
        case .bridge(let component, let event): strings = [component, event]
        case .appScreen(let screen): strings = [screen]
        case .finish(let url), .urlChange(let url), .cacheRemove(let url): strings = [url]
        case .observed(let type): strings = [type]
        default: break
        }
    }
    requireNothingLost(line: record.line, of: all, t: record.t, strings: strings, integers: integers)
}

// MARK: - Web

func fuzzWeb(_ bytes: [UInt8]) {
    let outcomes = readWeb(bytes, readBufferSize: 1 << 16)
    let small = readWeb(bytes, readBufferSize: 7)
    require(outcomes == small, "a small read buffer changes what the web reader reads", outcomes, small)
    let all = lines(of: bytes)
    for case .record(let record) in outcomes { requireNothingLost(record, of: all) }
    let lean = readWeb(bytes, readBufferSize: 7, keepDetails: false)
    require(lean.count == outcomes.count && zip(outcomes, lean).allSatisfy(leanAgrees), "the lean read is not the full one", outcomes, lean)
    for case .record(let record) in lean { requireNothingLost(record, of: all) }
    let replayed = readWeb(bytes, readBufferSize: 7, keepObserved: false)
    require(
        replayed.count == outcomes.count && zip(outcomes, replayed).allSatisfy(replayAgrees), "the replay's read is not the full one",
        outcomes, replayed)

    // The banner reads what a lenient read keeps (`outcomes` holds a lenient and a strict
    // read, one after the other): the reader guarantees time order.
    var banner = OfflineBanner()
    var timeline: [TimelineRecord] = []
    let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz"), lenient: true, keepObserved: false)
    try? reader.forEach { banner.feed($0, into: &timeline) }
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
func readWeb(_ bytes: [UInt8], readBufferSize: Int, keepObserved: Bool = true, keepDetails: Bool = true) -> [Outcome<Record>] {
    read { lenient, onSkip in
        let reader = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                     lenient: lenient, keepObserved: keepObserved, keepDetails: keepDetails, onSkip: onSkip)
        return reader.next
    }
}

/// An input as a reader that keeps no details reads it: a failed fetch and a response with
/// their frame only (`keepTarget`, as `stats` reads) or nothing (as a replay reads), a
/// submission's end with its outcome only. Stated here afresh, not through the reader's code.
func withoutDetails(_ input: BannerInput, keepTarget: Bool) -> BannerInput {
    switch input {
    case .fetchRequestError(let error): return .fetchRequestError(FetchRequestError(target: keepTarget ? error.target : nil))
    case .beforeFetchResponse(let response): return .beforeFetchResponse(BeforeFetchResponse(target: keepTarget ? response.target : nil))
    case .submitEnd(let end): return .submitEnd(SubmitEnd(success: end.success, fetchResponse: end.fetchResponse))
    default: return input
    }
}

/// The lean read (`keepDetails: false`, as `stats` reads) is the full read with what only
/// describes a record dropped: the same inputs without their details, skips and errors; of
/// the observed records, the five the findings decide on as markers with what they are
/// judged by, every other one as its time alone.
func leanAgrees(_ full: Outcome<Record>, _ lean: Outcome<Record>) -> Bool {
    guard case .record(let f) = full, case .record(let l) = lean else { return full == lean }
    guard f.line == l.line, f.t == l.t else { return false }
    if case .input(let t, let input) = f.event { return l.event == .input(t: t, withoutDetails(input, keepTarget: true)) }
    guard case .observed(_, let observed) = f.event else { return f == l }
    let kept: Observed?
    switch observed.type {
    case "turbo:load", "turbo:submit-start": kept = Observed(type: observed.type)
    case "turbo:frame-load": kept = Observed(type: observed.type, target: observed.target)
    case "turbo:visit": kept = Observed(type: observed.type, action: observed.action == "restore" ? "restore" : nil)
    case "turbo:reload": kept = Observed(type: observed.type, reason: observed.reason == "request_failed" ? "request_failed" : nil)
    default: kept = nil
    }
    switch l.event {
    case .marker(_, let marker): return marker.observed == kept
    case .passing: return kept == nil
    default: return false
    }
}

/// The replay's read (`keepObserved: false`) is the full read with every observed record as
/// its time alone and the inputs without their details: the same skips and errors.
func replayAgrees(_ full: Outcome<Record>, _ replayed: Outcome<Record>) -> Bool {
    guard case .record(let f) = full, case .record(let r) = replayed else { return full == replayed }
    guard f.line == r.line, f.t == r.t else { return false }
    switch (f.event, r.event) {
    case (.observed, .passing): return true
    case (.input(let t, let input), _): return r.event == .input(t: t, withoutDetails(input, keepTarget: false))
    default: return f == r
    }
}

// MARK: - Native

func fuzzNative(_ bytes: [UInt8]) {
    let outcomes = readNative(bytes, readBufferSize: 1 << 16)
    let small = readNative(bytes, readBufferSize: 7)
    require(outcomes == small, "a small read buffer changes what the native reader reads", outcomes, small)
    let all = lines(of: bytes)
    for case .record(let record) in outcomes { requireNothingLost(record, of: all) }

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
