import Foundation
import TurboRecording

extension GoldenCase {
    /// The line the recording was cut at, when its writer stopped mid-line (the `log-cut` info
    /// finding): `check` replays a cut log to its cut, as every command does, and says so.
    /// Only a file that does not end in a line end is read through for it; `nil` when it
    /// ends whole, or cannot be read (its check says why).
    package var cutLine: Int? {
        guard let handle = FileHandle(forReadingAtPath: recording) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0 else { return nil }
        try? handle.seek(toOffset: size - 1)
        guard let last = try? handle.read(upToCount: 1), last != Data("\n".utf8) else { return nil }
        guard let lines = try? JSONLines(path: recording) else { return nil }
        while (try? lines.next({ _, _ in () })) != nil {}
        return lines.cut
    }
}
