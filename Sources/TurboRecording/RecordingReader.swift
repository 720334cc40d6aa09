import OfflineBanner

/// Reads a web recording (recording-format.md, v1) record by record, validating each line.
/// Strict by default: the first malformed line throws. Lenient: it is reported to `onSkip`,
/// counted, and reading goes on.
public final class RecordingReader {
    public let path: String
    public let lenient: Bool
    public let keepObserved: Bool
    public private(set) var skipped = 0
    private let onSkip: (RecordingError) -> Void
    private let lines: JSONLines
    private let decoder: WebRecordDecoder
    private var order = TimeOrder()
    private var readARecord = false
    /// The first record says this is a native recording: an error even in lenient mode.
    private var isNative = false

    /// Opens `path`, or standard input for `-`.
    public convenience init(path: String, lenient: Bool = false, keepObserved: Bool = true,
                            onSkip: @escaping (RecordingError) -> Void = { _ in }) throws {
        self.init(lines: try JSONLines(path: path), lenient: lenient, keepObserved: keepObserved, onSkip: onSkip)
    }

    /// Reads from lines already opened (in memory, for tests and the fuzzer).
    public init(lines: JSONLines, lenient: Bool = false, keepObserved: Bool = true,
                onSkip: @escaping (RecordingError) -> Void = { _ in }) {
        path = lines.path
        self.lenient = lenient
        self.keepObserved = keepObserved
        self.onSkip = onSkip
        self.lines = lines
        decoder = WebRecordDecoder(path: lines.path, keepObserved: keepObserved)
    }

    /// The next record, or `nil` at the end.
    public func next() throws -> Record? {
        while true {
            do {
                guard let record = try lines.next({ object, line in try decoder.decode(object, line: line) }) else { return nil }
                return try ordered(record)
            } catch let error as RecordingError where lenient && error.kind == .malformed && !isNative {
                skipped += 1
                onSkip(error)
            }
        }
    }

    /// The checks that need the records before: a native `meta` first, and time never going back.
    private func ordered(_ record: Record) throws -> Record {
        defer { readARecord = true }
        guard let t = record.t else {
            if case .meta(let meta) = record.event, meta.recording == "native", !readARecord {
                isNative = true
                throw RecordingError(.malformed, path: path, line: record.line,
                                     #"a native recording ("recording":"native"): replay it with turbo-replay native"#)
            }
            return record
        }
        guard order.admits(t) else { throw RecordingError(.malformed, path: path, line: record.line, order.problem(t)) }
        order.advance(to: t)
        return record
    }
}
