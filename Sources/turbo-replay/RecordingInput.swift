import TurboRecording

/// The one recording given to a command that reads either layer's log (`explain`, `render`),
/// with its kind, read from its first record. Standard input is opened here, once: a pipe
/// cannot be opened again, so the first record is looked at and left to be read
/// (`RecordingKind.of(lines:)`), and the command reads on from the same lines as they arrive.
struct RecordingInput {
    let path: String
    let kind: RecordingKind
    private let standardInput: JSONLines?

    init(path: String) throws {
        self.path = path
        if path == "-" {
            let lines = try JSONLines(path: path)
            kind = try RecordingKind.of(lines: lines)
            standardInput = lines
        } else {
            kind = try RecordingKind.of(path: path)
            standardInput = nil
        }
    }

    /// What the command names the input: the path, or `standard input`.
    var name: String { path == "-" ? "standard input" : path }

    /// The lines to read: standard input's, as opened, or the file's, opened now. For
    /// standard input, read them once.
    func lines() throws -> JSONLines {
        try standardInput ?? JSONLines(path: path)
    }
}
