import AppSession
import Foundation
import Replay
import TurboRecording

/// The app-session model's pairs in `e2e/session-pairs`: each `NAME.jsonl` and
/// `NAME.native.jsonl` with the options the model used for them.
enum ModelPairs {
    /// `{"lateMs": 2000, "offsetMs": -250.5}`, `offsetMs` optional; read with json-c.
    static func options(_ path: String) throws -> SessionOptions {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard case .object(let members)? = JSONValue(parsing: text), case .number(let lateMs)? = members["lateMs"] else {
            throw RecordingError(.malformed, path: path, line: nil, #"expected {"lateMs": N, "offsetMs": N}"#)
        }
        var options = SessionOptions(session: SessionSettings(lateMs: lateMs))
        if case .number(let offset)? = members["offsetMs"] { options.offsetMs = offset }
        return options
    }
}
