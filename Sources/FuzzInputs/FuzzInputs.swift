import Fleet
import TurboRecording
import VariantAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzz target of what `stats --merge`, `tune --merge` and the config files read:
/// arbitrary bytes as a stats partial, a tune partial, and each kind of `*.config.json`
/// (a banner's, a native one, a session's, `toleranceMs`). It lives in the root package, not in
/// fuzz/'s, because the partials' readers are the package's own (`package`, never `public`).
///
/// Crashes, hangs and sanitizer reports are findings by themselves. On top of that, whatever a
/// reader refuses it refuses with a `RecordingError` that names the input, and the line when it
/// gives one (a line the input has); a partial refused as a whole (empty, cut short, its
/// trailers' counts) says which of those it is.
func fuzzInputs(_ bytes: [UInt8]) {
    let path = scratchFile()
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    require(fd >= 0, "cannot write the fuzz input to \(path)")
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
        require(count > 0, "cannot write the fuzz input to \(path)")
        written += count
    }
    close(fd)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    refusesAsItShould("stats --merge", path: path, lines: lines, wholeInput: true) { _ = try StatsPartial.read([path]) { _, _, _ in } }
    refusesAsItShould("tune --merge", path: path, lines: lines, wholeInput: true) { _ = try TunePartial.merge([path]) }
    refusesAsItShould("a banner config", path: path, lines: lines) { _ = try BannerConfig.load(path: path) }
    refusesAsItShould("a native config", path: path, lines: lines) { _ = try NativeConfig.load(path: path) }
    refusesAsItShould("a session config", path: path, lines: lines) { _ = try SessionConfig.load(path: path) }
    refusesAsItShould("a config's toleranceMs", path: path, lines: lines) { _ = try ToleranceConfig.load(path: path) }
}

/// What a partial may be refused for as a whole, with no line to name.
let wholeInputRefusals = ["empty: ", "cut short: ", "the trailers count ", "sorted runs of logs"]

/// Runs `read`; a refusal must be a `RecordingError` naming `path` (and a line it has, if any).
func refusesAsItShould(_ reader: String, path: String, lines: Int, wholeInput: Bool = false, _ read: () throws -> Void) {
    do {
        try read()
    } catch let error as RecordingError {
        require(error.path == path, "\(reader): a refusal names \(error.path), not the input \(path): \(error)")
        if let line = error.line {
            require(line >= 1 && line <= lines, "\(reader): a refusal names line \(line) of an input of \(lines) lines: \(error)")
        } else if wholeInput {
            require(
                wholeInputRefusals.contains { error.message.contains($0) },
                "\(reader): a refusal names no line, and is not about the input as a whole: \(error)")
        }
    } catch {
        require(false, "\(reader): refused with \(type(of: error)), not a RecordingError naming the line: \(error)")
    }
}

/// The file each input is written to (the readers take paths): in `$TMPDIR`, one per process.
func scratchFile() -> String {
    let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return "\(folder)/turbo-replay-fuzz-inputs-\(getpid()).jsonl"
}

/// An oracle that does not hold: said, then the process aborts (a finding for libFuzzer).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    say("FuzzInputs: \(message())")
    unlink(scratchFile())
    abort()
}

/// A line on standard error.
func say(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Without libFuzzer: each file under `paths` (files, or directories' files) through the
/// oracles once. 0 when every one held (a broken one aborts).
func runOnce(_ paths: [String]) -> Int32 {
    guard !paths.isEmpty else {
        say("usage: FuzzInputs FILE|DIRECTORY... (built by fuzz/run with libFuzzer, it fuzzes them)")
        return 64
    }
    var count = 0
    for path in paths {
        var files = [path]
        if let directory = opendir(path) {
            files = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if !name.hasPrefix(".") { files.append(path + "/" + name) }
            }
            closedir(directory)
        }
        for file in files.sorted() {
            guard let input = fopen(file, "rb") else { continue }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while case let n = fread(&buffer, 1, buffer.count, input), n > 0 { bytes += buffer[..<n] }
            fclose(input)
            fuzzInputs(bytes)
            count += 1
        }
    }
    unlink(scratchFile())
    print("FuzzInputs: \(count) inputs, every oracle held")
    return 0
}
