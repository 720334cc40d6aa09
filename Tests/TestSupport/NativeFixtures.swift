import Foundation

/// The native tests' vocabulary, over the shared `Fixtures`.
let packageRoot = Fixtures.root.path
let nativeRecordings = Fixtures.recordings + "/native"
let androidMeta = #"{"type":"meta","version":1,"recording":"native","platform":"android"}"#

/// The names (without `.jsonl`) of the native recordings that have goldens.
func nativeRecordingNames() throws -> [String] { try Fixtures.recordingNames(in: nativeRecordings) }

/// Writes `lines` to a fresh temporary file named `name` and returns its path.
func temporaryRecording(_ name: String, _ lines: [String]) throws -> String {
    try Fixtures.file(lines.joined(separator: "\n") + "\n", name: name)
}
