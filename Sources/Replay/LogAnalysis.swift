import TurboRecording

/// Where a log's records come from, one at a time: a web or a native recording's reader.
public protocol RecordSource: AnyObject {
    associatedtype Record
    func next() throws -> Record?
    /// Lines a lenient read passed over.
    var skipped: Int { get }
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
}

extension LogAnalyzer {
    public mutating func noteSkipped(_ lines: Int) {}
}

/// Feeds every record of `source` to `analyzer` (after `observe` has seen it), finishes it,
/// and tells it what the read skipped; each event goes to `emit` as soon as it is decided.
/// A malformed line stops the loop with its error, after everything decided before it.
public func analyze<Source: RecordSource, Analyzer: LogAnalyzer>(
    _ source: Source, with analyzer: inout Analyzer, observe: (Source.Record) throws -> Void = { _ in },
    emit: (Analyzer.Event) throws -> Void
) throws where Source.Record == Analyzer.Record {
    while let record = try source.next() {
        try observe(record)
        try analyzer.feed(record, emit: emit)
    }
    try analyzer.finish(emit: emit)
    analyzer.noteSkipped(source.skipped)
}
