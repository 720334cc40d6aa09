import Fleet
import Goldens
import TurboRecording
import VariantAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fuzz target of what `stats --merge`, `tune --merge` and the config files read:
/// arbitrary bytes as a stats partial, a tune partial, and each kind of `*.config.json`
/// (a banner's, a native one, a session's, `toleranceMs`); and the golden naming rule on names
/// made of the same bytes (`goldenNamesHold`). It lives in the root package, not in
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
    goldenNamesHold(bytes)
}

/// The golden naming rule (`GoldenNames`) on two names made of the input's bytes (split at its
/// first NUL, or its middle), each as the tool keeps a name (`PathBytes`) and with `.jsonl`
/// added: every name it accepts owns each of its goldens and no other name's, of any kind.
func goldenNamesHold(_ bytes: [UInt8]) {
    let split = bytes.firstIndex(of: 0) ?? bytes.count / 2
    let stems: [String] = [PathBytes.name(bytes[..<split]), PathBytes.name(bytes[min(split + 1, bytes.count)...])]
    // Each stem as a recording's name, and as a name that may already end in .jsonl.
    let names: Set<String> = Set(stems.map { $0 + GoldenNames.recordingSuffix } + stems)
    let parts: [String?] = [nil] + GoldenCase.reservedParts
    var owners: [String: (recording: String, part: String?)] = [:]
    for name in names {
        guard GoldenNames.problem(ofRecording: name, parts: GoldenCase.reservedParts) == nil else { continue }
        for part in parts {
            let golden = GoldenNames.golden(of: name, part: part)
            let owner = GoldenNames.owner(ofGolden: golden, parts: GoldenCase.reservedParts)
            require(owner.recording == name && owner.part == part, "the golden \(golden) of \(name) (\(part ?? "first")) is owned by \(owner)")
            require(RecordingFiles.isGolden(golden) && !RecordingFiles.isRecording(golden), "the golden \(golden) of \(name) is not named as a golden")
            if let other = owners[golden], other.recording != name || other.part != part {
                require(false, "\(name) (\(part ?? "first")) and \(other.recording) (\(other.part ?? "first")) share the golden \(golden)")
            }
            owners[golden] = (name, part)
        }
    }
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
