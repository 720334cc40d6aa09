import Glibc
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// libFuzzer's entry point: arbitrary bytes as a recording, through the reader and the port.
///
/// Crashes, hangs and sanitizer reports are findings by themselves. On top of that it checks
/// what must hold for any input:
/// - the reader gives the same records and the same errors however its read buffer cuts the
///   lines (strict and lenient; a 7-byte buffer makes every line cross refills);
/// - the port's timeline is valid JSON line by line, and a banner record always changes the
///   banner or its label;
/// - strings are escaped exactly as json-c escapes them.
func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcomes = read(bytes, keepObserved: true, readBufferSize: 1 << 16)
    let small = read(bytes, keepObserved: true, readBufferSize: 7)
    require(outcomes == small, "a small read buffer changes what is read", outcomes, small)

    var banner = OfflineBanner()
    var timeline: [TimelineRecord] = []
    for case .record(let record) in outcomes { banner.feed(record, into: &timeline) }
    banner.finish(into: &timeline)
    var shown: (BannerState, String?) = (.hidden, nil)
    for record in timeline {
        let line = record.jsonLine
        require(JSONValue(parsing: line) != nil, "timeline line is not JSON", line)
        if case .banner(let change) = record {
            require((change.banner, change.label) != shown, "banner record without a change", line)
            shown = (change.banner, change.label)
        }
    }
    for case .record(let record) in outcomes {
        if case .input(_, .connect(let context?, _)) = record.event {
            var escaped: [UInt8] = []
            appendJSONString(context, to: &escaped)
            require(escaped == Array(jsonCString(context).utf8), "escaping differs from json-c", context)
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
func read(_ bytes: [UInt8], keepObserved: Bool, readBufferSize: Int) -> [Outcome] {
    var outcomes: [Outcome] = []
    var skipped: [RecordingError] = []
    let lenient = RecordingReader(lines: JSONLines(bytes: bytes, name: "fuzz", readBufferSize: readBufferSize),
                                  lenient: true, keepObserved: keepObserved) { skipped.append($0) }
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
                                 keepObserved: keepObserved)
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
