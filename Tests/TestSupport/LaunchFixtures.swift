import Foundation

/// The launch recordings (`recordings/launch/`), by name.
let launchRecordings = Fixtures.recordings + "/launch"

/// The names (without `.jsonl`) of the launch recordings.
let launchRecordingNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: launchRecordings)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
        .map { String($0.dropLast(".jsonl".count)) }.sorted()
}()

let iosMeta = #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#
