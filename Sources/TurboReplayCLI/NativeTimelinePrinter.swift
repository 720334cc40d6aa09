import TurboRecording

/// How `native`, `launch` and `archive` print a native log's timeline while it is replayed:
/// for people, the settings and the table's header once the `meta` is read (it says the
/// platform), then a row per output; for scripts, each output's canonical line. Flushed at
/// each output when the log is a stream, so a piped log prints as it arrives.
struct NativeTimelinePrinter<Output> {
    let console: Console
    let jsonl: Bool
    let streaming: Bool
    /// The lines above the table (the settings, the column names), asked once the meta is read.
    let header: () -> [String]
    let row: (Output) -> String
    let line: (Output) -> String

    func observe(_ record: NativeRecord) throws {
        guard !jsonl, case .meta = record.event else { return }
        for text in header() { try console.print(text) }
    }

    func emit(_ output: Output) throws {
        try console.print(jsonl ? line(output) : row(output))
        if streaming { try console.flush() }
    }
}
