import PolicyCore
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every partial (`stats --partial`, `tune --partial`) is made of, and how a merge reads
/// it: a header naming the format and the settings, one line per log, then a trailer counting
/// the partial's lines and logs. Several partials may follow one another (a reducer's standard
/// input), or come with their lines sorted, as Hadoop's shuffle sorts them: every header, then
/// every log, then every trailer. Either way an input's trailers must close its headers and
/// count exactly the logs it holds, so a partial cut short, an empty input, or lines lost or
/// repeated are refused instead of reported on as if they were the whole fleet.
package struct PartialFrame {
    /// `turbo-replay stats partial`, `turbo-replay tune partial`.
    package let format: String
    package let version: Int
    /// The command that writes it, for the messages: `stats`, `tune`.
    package let command: String

    package init(format: String, version: Int, command: String) {
        self.format = format
        self.version = version
        self.command = command
    }

    /// The trailer after `logs` log lines and `others` lines of another kind (a stats partial's
    /// app sessions): the partial has `logs + others + 2` lines, header and trailer included.
    /// `others` is written only when there are some, so a partial without them reads as before.
    package func trailer(logs: Int, others: Int = 0) -> String {
        var line = JSONLine()
        line.string("trailer", format)
        line.integer("lines", logs + others + 2)
        line.integer("logs", logs)
        if others > 0 { line.integer("others", others) }
        return line.text
    }

    /// How an error about the partials at `paths` as a whole names them: the one input, or
    /// how many there were.
    package static func inputs(_ paths: [String]) -> String {
        paths.count == 1 ? (paths[0] == "-" ? "<stdin>" : paths[0]) : "\(paths.count) inputs"
    }

    /// Reads the partials at `paths` (`-`: standard input): `header` with each header's object
    /// (after its format and version are checked), `scanned` once every input's frame is
    /// checked and before any log is read, then `log` with each log line's object, its real
    /// path and its text, in key order (`PartialRuns`) across every input. A log (by the real
    /// path its partial gives) read twice is refused, naming both places.
    package func read(
        _ paths: [String],
        header: (_ object: [String: JSONValue], _ at: String, _ fail: @escaping (String) -> RecordingError) throws -> Void,
        scanned: () throws -> Void = {},
        log: (
            _ object: [String: JSONValue], _ real: String, _ line: ArraySlice<UInt8>,
            _ fail: @escaping (String) -> RecordingError
        ) throws -> Void
    ) throws {
        var spooled: [Int32] = []
        defer { for descriptor in spooled { close(descriptor) } }
        var runs: [PartialRuns.Run] = []
        for path in paths {
            let source = path == "-" ? "<stdin>" : path
            var file = path
            if path == "-" {
                let spool = try PartialRuns.spool()
                spooled.append(spool.descriptor)
                file = spool.path
            } else if let input = try Self.openIfArriving(path) {
                // A FIFO or `<(…)`: read once, into a copy the merge reads twice.
                defer { close(input) }
                let spool = try PartialRuns.spool(input, source: path)
                spooled.append(spool.descriptor)
                file = spool.path
            }
            runs += try scan(file, source: source, header: header)
        }
        try scanned()
        guard runs.count <= PartialRuns.maxRuns else {
            throw RecordingError(
                .malformed, path: Self.inputs(paths), line: nil,
                "\(runs.count) sorted runs of logs, more than the \(PartialRuns.maxRuns) one merge reads at once: "
                    + "merge them in groups with \(command) --merge --partial, then merge the results")
        }
        var previous: (key: [UInt8], path: String, at: String)?
        try PartialRuns.merge(runs) { line, key, source, number in
            let fail = { (message: String) in RecordingError(.malformed, path: source, line: number, message) }
            guard let value = JSONValue(parsing: String(decoding: line, as: UTF8.self)), case .object(let object) = value else {
                throw fail("not a partial's line (a JSON object)")
            }
            try Self.refuseRepeatedKeys(line, value, fail)
            let read = StatsPartial.Reader(fail: fail)
            let logPath = try read.string(object["path"], "path")
            let real = try read.string(object["real"], "real")
            guard jsonString(real).utf8.elementsEqual(key) else {
                throw fail("\"real\" is not spelled as turbo-replay \(command) --partial writes it (its escapes differ)")
            }
            guard Self.isCanonical(real) else {
                throw fail(
                    "\"real\" is not a real path as turbo-replay \(command) --partial writes it (a doubled slash, "
                        + "a . or .. part, or a slash at the end): \(real) could be a log another line names")
            }
            let at = "\(source):\(number)"
            if let first = previous, first.key.elementsEqual(key) {
                let spelled = first.path == logPath ? "" : " as \(first.path); both are \(real)"
                throw fail("\(logPath) is in two partials (first at \(first.at)\(spelled)): a log must be read once")
            }
            previous = (Array(key), logPath, at)
            try log(object, real, line, fail)
        }
    }

    /// A partial's line with a key given twice in one object is refused, as an unknown key is:
    /// json-c would keep the last value, silently. `value` is the line as parsed: when it has
    /// every member the line writes, no key was given twice, and the keys are not looked at.
    private static func refuseRepeatedKeys(_ line: ArraySlice<UInt8>, _ value: JSONValue, _ fail: (String) -> RecordingError) throws {
        let check = { (text: UnsafeBufferPointer<UInt8>) in
            RepeatedKeys.membersWritten(in: text) == value.members ? nil : RepeatedKeys.first(in: text)
        }
        let repeated = line.withContiguousStorageIfAvailable(check) ?? Array(line).withUnsafeBufferPointer(check)
        if let repeated { throw fail(RepeatedKeys.message(repeated.key)) }
    }

    /// The input at `path` opened, when it is read as it arrives (a FIFO, a pipe, a device) and
    /// so can be read only once; `nil` for a regular file or a folder (read, or refused, as
    /// they are) and for a path that cannot be looked at (the read says why).
    private static func openIfArriving(_ path: String) throws -> Int32? {
        var status = stat()
        guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type != S_IFREG, type != S_IFDIR else { return nil }
        let fd = withFileSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw RecordingError(.unreadable, path: path, line: nil, String(cString: strerror(errno))) }
        return fd
    }

    /// One input's first pass: its frame checked (headers, trailers and their counts), its
    /// headers handed on, and the stretches where its log lines are in key order.
    private func scan(
        _ file: String, source: String,
        header: (_ object: [String: JSONValue], _ at: String, _ fail: @escaping (String) -> RecordingError) throws -> Void
    ) throws -> [PartialRuns.Run] {
        let cursor = try LineCursor(path: file, source: source, offset: 0)
        var tally = Tally()
        var runs: [PartialRuns.Run] = []
        var lastKey: [UInt8]?
        var runStart: (offset: Int, line: Int)?
        while true {
            let offset = cursor.offset, number = cursor.nextNumber
            guard let line = try cursor.next() else { break }
            if line.isEmpty { continue }
            let fail = { (message: String) in RecordingError(.malformed, path: source, line: number, message) }
            if let key = PartialRuns.key(line) {
                guard tally.headers > tally.trailers else {
                    throw fail(
                        tally.headers == 0
                            ? "not a \(command) partial: it must start with {\"format\":\"\(format)\",…} (made by turbo-replay \(command) --partial)"
                            : "a log after the last trailer: a partial's logs come between its header and its trailer")
                }
                if let last = lastKey, !last.lexicographicallyPrecedes(key), let start = runStart {
                    runs.append(.init(file: file, source: source, start: start.offset, end: offset, firstLine: start.line))
                    runStart = nil
                }
                if runStart == nil { runStart = (offset, number) }
                lastKey = Array(key)
                tally.logsRead += 1
                continue
            }
            guard let value = JSONValue(parsing: String(decoding: line, as: UTF8.self)), case .object(let object) = value else {
                throw fail("not a partial's line (a JSON object)")
            }
            try Self.refuseRepeatedKeys(line, value, fail)
            if object["format"] != nil {
                try checkHeader(object, fail)
                try header(object, "\(source):\(number)", fail)
                tally.headers += 1
            } else if object["trailer"] != nil {
                try count(trailer: object, into: &tally, fail)
            } else if tally.headers == 0 {
                throw fail("not a \(command) partial: it must start with {\"format\":\"\(format)\",…} (made by turbo-replay \(command) --partial)")
            } else {
                throw fail("not a \(command) partial's line: a log's line starts {\"real\":\"…\" (version \(version))")
            }
        }
        if let start = runStart {
            runs.append(.init(file: file, source: source, start: start.offset, end: cursor.offset, firstLine: start.line))
        }
        try checkWhole(tally) { RecordingError(.malformed, path: source, line: nil, $0) }
        return runs
    }

    /// What one input's lines have said so far: its headers and trailers, the logs and other
    /// lines read, and those its trailers count.
    private struct Tally {
        var headers = 0, trailers = 0, logsRead = 0, logsCounted = 0, othersCounted = 0
    }

    /// A header of this format, at the version this build reads.
    private func checkHeader(_ object: [String: JSONValue], _ fail: (String) -> RecordingError) throws {
        guard object["format"] == .string(format) else {
            throw fail("not a \(command) partial (\"format\" is not \"\(format)\")")
        }
        guard object["version"] == .number(Double(version)) else {
            let found = object["version"].map { "\($0)" } ?? "none"
            throw fail(
                "a \(command) partial of version \(found); this turbo-replay reads version \(version): "
                    + "make it again with this turbo-replay \(command) --partial")
        }
    }

    /// A trailer closes the last open header and counts its lines: what it says is added up.
    private func count(trailer object: [String: JSONValue], into tally: inout Tally, _ fail: @escaping (String) -> RecordingError) throws {
        guard tally.headers > tally.trailers else { throw fail("a trailer with no header before it") }
        guard object["trailer"] == .string(format) else {
            throw fail("not a \(command) partial's trailer (\"trailer\" is not \"\(format)\")")
        }
        let read = StatsPartial.Reader(fail: fail)
        let lines = try read.int(object["lines"], "lines"), count = try read.int(object["logs"], "logs")
        let others = try object["others"].map { try read.int($0, "others") } ?? 0
        let (expected, tooMany) = count.addingReportingOverflow(others + 2)
        guard !tooMany, lines == expected else {
            throw fail(
                "a trailer of \(count) logs\(others > 0 ? " and \(others) other lines" : "") must count "
                    + "\(tooMany ? "more" : String(expected)) lines (its header and trailer too), not \(lines)")
        }
        tally.othersCounted += others
        let (sum, overflow) = tally.logsCounted.addingReportingOverflow(count)
        guard !overflow else { throw fail("the trailers count more logs than a count holds") }
        tally.logsCounted = sum
        tally.trailers += 1
    }

    /// An input read to its end holds whole partials only, and exactly the lines they count.
    private func checkWhole(_ tally: Tally, _ fail: (String) -> RecordingError) throws {
        if tally.headers == 0 {
            throw fail(
                "empty: no \(command) partial in it (a partial is a header, its logs and a trailer; "
                    + "turbo-replay \(command) --partial writes one)")
        }
        if tally.trailers < tally.headers {
            throw fail(
                "cut short: \(tally.headers) partial\(tally.headers == 1 ? "" : "s") began but \(tally.trailers) ended "
                    + "(a partial ends with {\"trailer\":\"\(format)\",…}): its last lines are missing")
        }
        if tally.logsCounted != tally.logsRead {
            throw fail("the trailers count \(tally.logsCounted) logs but \(tally.logsRead) were read: lines were lost or repeated")
        }
        if tally.othersCounted != 0 {
            throw fail("the trailers count \(tally.othersCounted) other lines: a version \(version) partial has none")
        }
    }

    /// The real path `stats`/`tune --partial` writes for a log: its own when it cannot be
    /// resolved, cleaned when absolute (doubled slashes, `.` and `..` taken out as written), so
    /// that every absolute real path is canonical and a merge can refuse one that is not.
    package static func realPath(_ path: String) -> String {
        FleetLogs.realPath(path) ?? (path.hasPrefix("/") ? lexicallyClean(path) : path)
    }

    /// What a log is sorted by in a partial and in every report: its real path as the
    /// partial's line spells it (a JSON string), byte by byte.
    package static func key(real: String) -> [UInt8] { Array(jsonString(real).utf8) }

    /// An absolute path with its empty and `.` parts dropped and each `..` taking its parent.
    static func lexicallyClean(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// What `realPath` writes: an absolute path is canonical (no empty, `.` or `..` part, no
    /// slash at the end); a relative one is a path that did not resolve, kept as spelled.
    static func isCanonical(_ real: String) -> Bool {
        guard real.hasPrefix("/") else { return true }
        if real == "/" { return true }
        return real.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}

/// A merge's running totals of what the reports add up, checked as each log is read: a sum
/// that would pass `Int.max` (or stop being a finite number) is refused at the partial's line
/// that makes it, not found later as a crash or a wrong report.
package struct PartialTotals {
    private var counts: [String: Int] = [:]
    private var sums: [String: Double] = [:]

    package init() {}

    package mutating func add(_ name: String, _ value: Int, _ fail: (String) -> RecordingError) throws {
        let before = counts[name, default: 0]
        let (sum, overflow) = before.addingReportingOverflow(value)
        guard !overflow else {
            throw fail("the fleet's \(name) overflow here: \(before) + \(value) is more than \(Int.max)")
        }
        counts[name] = sum
    }

    package mutating func add(_ name: String, _ value: Double, _ fail: (String) -> RecordingError) throws {
        let sum = sums[name, default: 0] + value
        guard sum.isFinite else { throw fail("the fleet's \(name) overflow here: no longer a finite number") }
        sums[name] = sum
    }
}
