/// Why one line is malformed, as the code that read it knows it: the message alone. The
/// reader that knows the file and the line number makes the `RecordingError`, so the per-line
/// code carries no path.
struct LineProblem: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
