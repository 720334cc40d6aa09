import Foundation

/// The package's root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

let nativeRecordings = packageRoot + "/recordings/native"

/// The names (without `.jsonl`) of the native recordings that have goldens.
let nativeRecordingNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: nativeRecordings)) ?? []
    return files.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
        .map { String($0.dropLast(".jsonl".count)) }.sorted()
}()

/// Writes `lines` to a fresh temporary file named `name` and returns its path.
func temporaryRecording(_ name: String, _ lines: [String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("native-recording-tests-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    return path
}

let androidMeta = #"{"type":"meta","version":1,"recording":"native","platform":"android"}"#

/// Runs the built `turbo-replay` with `arguments`, from the package root, feeding `input`.
func turboReplay(_ arguments: [String], input: String = "") throws -> (status: Int32, out: String, err: String) {
    let directory = Bundle.main.executableURL!.deletingLastPathComponent()
    var candidate = directory.appendingPathComponent("turbo-replay")
    // On some layouts the runner sits inside a bundle: look one and two levels up.
    for _ in 0..<3 where !FileManager.default.isExecutableFile(atPath: candidate.path) {
        candidate = candidate.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("turbo-replay")
    }
    let process = Process()
    process.executableURL = candidate
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
    let stdin = Pipe(), out = Pipe(), err = Pipe()
    process.standardInput = stdin
    process.standardOutput = out
    process.standardError = err
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}
