import TurboRecording

/// The one recording given to a command that reads either layer's log (`explain`, `render`),
/// with its kind, read from its first record. It is opened here, once, and read on from the
/// same lines: standard input, a FIFO or a process substitution (`explain <(adb …)`) cannot be
/// opened again, so the first record is looked at and left to be read
/// (`RecordingKind.of(lines:)`).
struct RecordingInput {
    let path: String
    let kind: RecordingKind
    /// The lines to read, the first record still among them. Read them once.
    let lines: JSONLines

    init(path: String) throws {
        self.path = path
        lines = try JSONLines(path: path)
        kind = try RecordingKind.of(lines: lines)
    }

    /// What the command names the input: the path, or `standard input`.
    var name: String { path == "-" ? "standard input" : path }
}
