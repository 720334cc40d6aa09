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

/// `n` launches whose loading screen never ends (a `stalled` each, decided when the stall timer
/// fires) while the app says it shows the web view (a `screen-mismatch` each, decided when it
/// ends, after the stall that began later), and an automatic retry the app logs with no view
/// up (an `unexpected-retry` each, decided as it is read): the launch's findings come out of
/// time order, and the error view's before them.
func stallingLaunches(_ n: Int) -> [String] {
    [#"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#]
        + (1...n).flatMap { i in
            let t = i * 20_000
            return [
                #"{"t":\#(t),"type":"launch","cold":true}"#,
                #"{"t":\#(t + 100),"type":"app-screen","screen":"web"}"#,
                #"{"t":\#(t + 12_000),"type":"app-screen","screen":"loading"}"#,
                #"{"t":\#(t + 14_000),"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
            ]
        }
}
