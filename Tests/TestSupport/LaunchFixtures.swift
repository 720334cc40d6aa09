import Foundation

/// The launch recordings (`recordings/launch/`), by name.
let launchRecordings = Fixtures.recordings + "/launch"

/// The names (without `.jsonl`) of the launch recordings.
func launchRecordingNames() throws -> [String] { try Fixtures.recordingNames(in: launchRecordings) }

let iosMeta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#
