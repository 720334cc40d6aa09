import TurboRecording

/// Where a log's records come from, one at a time: a web or a native recording's reader.
public protocol RecordSource: AnyObject {
    associatedtype Record
    func next() throws -> Record?
    /// Every record, in order, each handed over where it was decoded (a reader can do that
    /// without copying it out first, which a fleet's worth of lines notices).
    func forEach(_ body: (Record) throws -> Void) throws
    /// Lines a lenient read passed over.
    var skipped: Int { get }
    /// The line the log was cut at (recording-format.md's cut rule), known at its end.
    var cut: Int? { get }
}

extension RecordSource {
    @inlinable
    public func forEach(_ body: (Record) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }
}

extension RecordingReader: RecordSource {}
extension NativeRecordingReader: RecordSource {}

/// What reads one log for a report: fed every record in order, then finished, it hands each
/// event on as soon as it is decided, so a command can print a log that is still arriving.
/// Every analyzer of the package has this shape — the banner's findings (`explain`), what-if,
/// the launch's and the web-archive cache's — and `analyze(_:with:observe:emit:)` is the one
/// loop that drives them.
public protocol LogAnalyzer {
    associatedtype Record
    associatedtype Event
    mutating func feed(_ record: Record, emit: (Event) throws -> Void) rethrows
    /// The end of the log: whatever was pending is decided.
    mutating func finish(emit: (Event) throws -> Void) rethrows
    /// The lines a lenient read passed over, for the summary.
    mutating func noteSkipped(_ lines: Int)
    /// The line the log was cut at, when it was: a `log-cut` finding of the analyzer's report.
    mutating func noteCut(atLine line: Int)
}

extension LogAnalyzer {
    @inlinable
    public mutating func noteSkipped(_ lines: Int) {}
    @inlinable
    public mutating func noteCut(atLine line: Int) {}
}

/// Feeds every record of `source` to `analyzer` (after `observe` has seen it), finishes it,
/// and tells it what the read skipped; each event goes to `emit` as soon as it is decided.
/// A malformed line stops the loop with its error, after everything decided before it.
/// Inlinable, so that each caller gets it specialised to its reader and analyzer: the loop runs
/// once per record of a fleet, and a generic call there would cost every record a lookup.
@inlinable
public func analyze<Source: RecordSource, Analyzer: LogAnalyzer>(
    _ source: Source, with analyzer: inout Analyzer, observe: (Source.Record) throws -> Void = { _ in },
    emit: (Analyzer.Event) throws -> Void
) throws where Source.Record == Analyzer.Record {
    try source.forEach { record in
        try observe(record)
        try analyzer.feed(record, emit: emit)
    }
    try analyzer.finish(emit: emit)
    analyzer.noteSkipped(source.skipped)
    if let cut = source.cut { analyzer.noteCut(atLine: cut) }
}
