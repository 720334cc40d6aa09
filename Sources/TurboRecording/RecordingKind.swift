import CJSONC

/// The two kinds of recording: a web one (the page's window and Turbo events) and a native
/// one (an app's log). A native recording says so on its first record, a `meta` with
/// `"recording":"native"`; every other recording is a web one.
public enum RecordingKind: Equatable, Sendable {
    case web
    case native

    /// The kind of the recording at `path`, from its first record. A first line that is not
    /// even JSON makes a web recording, so that the web reader reports it with its line.
    public static func of(path: String) throws -> RecordingKind {
        try of(lines: JSONLines(path: path))
    }

    /// The kind of the recording `lines` reads, from its first record, which stays to be read
    /// (`JSONLines.peek`): standard input can be told apart, then read, as it arrives.
    public static func of(lines: JSONLines) throws -> RecordingKind {
        // A collector's folder says by its parts' names, even when the part with the meta is missing.
        if let kind = lines.collectorKind { return kind == .native ? .native : .web }
        do {
            let native = try lines.peek { object, _ in
                Field(object, "type").string == "meta" && Field(object, "recording").string == "native"
            }
            return native == true ? .native : .web
        } catch let error as RecordingError where error.kind == .malformed {
            return .web
        }
    }
}

/// True when the recording at `path` is a native one.
public func isNativeRecording(path: String) throws -> Bool {
    try RecordingKind.of(path: path) == .native
}
