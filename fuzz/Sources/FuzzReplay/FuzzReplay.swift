import Glibc
import OfflineBanner
import TurboRecording

/// libFuzzer's entry point: arbitrary bytes as a recording, through the reader and the port.
///
/// Crashes, hangs and sanitizer reports are findings by themselves. On top of that it checks
/// what must hold for any input:
/// - the reader gives the same records and the same errors with its fast path as with json-c
///   alone (strict and lenient, with and without observed fields, with a tiny read buffer so
///   lines cross refills);
/// - the port's timeline is valid JSON line by line, and a banner record always changes the
///   banner or its label;
/// - strings are escaped exactly as json-c escapes them.
func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fast = read(bytes, fastPath: true, keepObserved: true, readBufferSize: 1 << 16)
    let slow = read(bytes, fastPath: false, keepObserved: true, readBufferSize: 1 << 16)
    require(fast == slow, "fast path and json-c disagree", fast, slow)
    let small = read(bytes, fastPath: true, keepObserved: false, readBufferSize: 7)
    let smallSlow = read(bytes, fastPath: false, keepObserved: false, readBufferSize: 1 << 16)
    require(small == smallSlow, "fast path and json-c disagree (small buffer, observed dropped)", small, smallSlow)

    var banner = OfflineBanner()
    var timeline: [TimelineRecord] = []
    for case .record(let record) in fast { banner.feed(record, into: &timeline) }
    banner.finish(into: &timeline)
    var shown: (BannerState, String?) = (.hidden, nil)
    for record in timeline {
        let line = timelineJSON(record)
        require(JSONValue(parsing: line) != nil, "timeline line is not JSON", line)
        if case .banner(let change) = record {
            require((change.banner, change.label) != shown, "banner record without a change", line)
            shown = (change.banner, change.label)
        }
    }
    for case .record(let record) in fast {
        if case .input(_, .connect(let context?, _)) = record.event {
            var escaped: [UInt8] = []
            appendJSONString(context, to: &escaped)
            require(escaped == Array(jsonString(context).utf8), "escaping differs from json-c", context)
        }
    }
    return 0
}

enum Outcome: Equatable {
    case record(Record)
    case skipped(RecordingError)
    case failed(RecordingError)
}

/// Every record and every skipped line (lenient), then the same input read strictly: its
/// records up to the first error, and that error.
func read(_ bytes: [UInt8], fastPath: Bool, keepObserved: Bool, readBufferSize: Int) -> [Outcome] {
    var outcomes: [Outcome] = []
    var skipped: [RecordingError] = []
    let lenient = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                  lenient: true, keepObserved: keepObserved, fastPath: fastPath) { skipped.append($0) }
    do {
        while let record = try lenient.next() {
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
    let strict = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                 keepObserved: keepObserved, fastPath: fastPath)
    do {
        while let record = try strict.next() { outcomes.append(.record(record)) }
    } catch let error as RecordingError {
        outcomes.append(.failed(error))
    } catch {
        fatalError("unexpected error \(error)")
    }
    return outcomes
}

func require(_ condition: Bool, _ what: String, _ details: Any...) {
    guard !condition else { return }
    var report = "FUZZ FAILURE: \(what)\n"
    for detail in details { report += "  \(detail)\n" }
    _ = report.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    abort()
}
