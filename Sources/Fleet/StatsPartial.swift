import BannerFindings
import NativeFindings
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import TurboRecording

/// `stats --partial` and `stats --merge`: the map and the reduce of a fleet's `stats`, so
/// that an existing engine (Hadoop Streaming, Spark's `RDD.pipe`) can spread the logs over
/// many machines.
///
/// A partial is JSON Lines: a header saying which settings made it, then one line per log
/// read, holding that log's whole summary — every pill episode's start and end, every count
/// by key. Merging is then exact: the merged files are the same values a single run would
/// have, sorted by path as a single run sorts them, so medians and p90 come out identical and
/// the report is byte for byte the one `stats` prints for all the logs at once. The price is
/// size: a partial grows with the number of pill episodes (a few dozen bytes each), which for
/// a fleet's day of logs is megabytes, not gigabytes; no quantile sketch, no error bound.
/// Numbers are written in Swift's shortest round-trip form, so every double comes back equal.
public enum StatsPartial {
    public static let format = "turbo-replay stats partial"
    /// 2: the `emulated-online` finding. A version-1 partial never looked for it, so its
    /// counts would be silently short: it is refused, and its logs must be summarised again.
    public static let version = 2

    /// What a partial's numbers depend on: merging partials made otherwise would mix answers.
    public struct Settings: Equatable, Sendable {
        public var debounceMs: Double
        public var flashMs: Double
        public var lenient: Bool
        /// The banner's variants, then the retry policy's, by name (`nil`: v1): a variant's
        /// numbers are not v1's.
        public var variant: String?

        public init(_ banner: BannerSettings, retry: Set<RetryVariant> = [], lenient: Bool) {
            debounceMs = banner.debounce
            flashMs = banner.flash
            self.lenient = lenient
            let names = banner.variants.sorted().map(\.name) + retry.sorted().map(\.name)
            variant = names.isEmpty ? nil : names.joined(separator: ",")
        }

        init(debounceMs: Double, flashMs: Double, lenient: Bool, variant: String? = nil) {
            self.debounceMs = debounceMs
            self.flashMs = flashMs
            self.lenient = lenient
            self.variant = variant
        }
    }

    // MARK: - Writing

    public static func header(_ settings: Settings) -> String {
        var line = JSONLine()
        line.string("format", format)
        line.integer("version", version)
        line.raw("debounceMs", exact(settings.debounceMs))
        line.raw("flashMs", exact(settings.flashMs))
        line.bool("lenient", settings.lenient)
        // Only when there is one: a v1 partial reads as it always has.
        if let variant = settings.variant { line.string("variant", variant) }
        return line.text
    }

    public static func line(_ file: StatsFile) -> String {
        var line = JSONLine()
        line.string("path", file.path)
        switch file.outcome {
        case .read(let summary): line.raw("web", web(summary))
        case .native(let summary): line.raw("native", native(summary))
        case .failed(let error): line.raw("failed", self.error(error))
        }
        if !file.warnings.isEmpty {
            line.raw("warnings", "[" + file.warnings.map(error).joined(separator: ",") + "]")
        }
        return line.text
    }

    /// A double as Swift prints it shortest (`816.0360000000001`, `1500.0`): exact on reading back.
    package static func exact(_ value: Double) -> String { "\(value)" }

    static func counts<Key>(_ counts: [Key: Int], _ name: (Key) -> String) -> String {
        var line = JSONLine()
        for (key, count) in counts.map({ (name($0.key), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            line.integer(key, count)
        }
        return line.text
    }

    static func web(_ summary: SessionSummary) -> String {
        var line = JSONLine()
        line.integer("records", summary.records)
        line.integer("skippedLines", summary.skippedLines)
        if let end = summary.end { line.raw("end", exact(end)) }
        line.raw("pills", "[" + summary.pills.map { pill in
            "[\(exact(pill.start)),\(exact(pill.end)),\(jsonString(pill.cause.rawValue)),\(pill.stillUp)]"
        }.joined(separator: ",") + "]")
        line.integer("toasts", summary.toasts)
        line.raw("silent", "[" + summary.silentSorted.map { entry in
            var silent = JSONLine()
            silent.string("reason", entry.key.reason)
            if let status = entry.key.status { silent.integer("status", status) }
            silent.integer("count", entry.count)
            return silent.text
        }.joined(separator: ",") + "]")
        line.raw("findings", counts(summary.findings, \.id))
        return line.text
    }

    static func native(_ summary: NativeSummary) -> String {
        var line = JSONLine()
        line.string("platform", summary.platform.rawValue)
        line.integer("records", summary.records)
        line.integer("skippedLines", summary.skippedLines)
        var errorView = JSONLine()
        errorView.raw("views", counts(summary.errorView.views, \.rawValue))
        errorView.raw("automaticRetries", counts(summary.errorView.automaticRetries, \.rawValue))
        errorView.integer("manualRetries", summary.errorView.manualRetries)
        errorView.integer("deferred", summary.errorView.deferred)
        line.raw("errorView", errorView.text)
        if let launch = launch(summary.launch) { line.raw("launch", launch) }
        line.raw("findings", counts(summary.findings, { $0 }))
        return line.text
    }

    package static func error(_ error: RecordingError) -> String {
        var line = JSONLine()
        line.string("kind", error.kind == .malformed ? "malformed" : "unreadable")
        line.string("path", error.path)
        if let number = error.line { line.integer("line", number) }
        line.string("message", error.message)
        return line.text
    }

    // MARK: - Reading

    /// The settings and files of the partials at `paths` (`-`: standard input, several partials
    /// one after another), merged: files sorted by path, as one `stats` run sorts them. A log
    /// read by two partials, partials made with other settings, or a line that is not a partial's
    /// is an error naming the file and line.
    public static func merge(_ paths: [String]) throws -> (settings: Settings?, files: [StatsFile], sessions: [StatsSession]) {
        var settings: (value: Settings, from: String)?
        var files: [String: (StatsFile, String)] = [:]
        var sessions: [String: (StatsSession, String)] = [:]
        for path in paths {
            var headerSeen = false
            for entry in try readJSONLineValues(path: path) {
                let source = path == "-" ? "<stdin>" : path
                func fail(_ message: String) -> RecordingError {
                    RecordingError(.malformed, path: source, line: entry.line, message)
                }
                guard case .object(let object) = entry.value else { throw fail("not a partial's line") }
                if object["format"] != nil {
                    let read = try decodeHeader(object, fail: fail)
                    if let settings, settings.value != read {
                        throw fail("made with other settings than \(settings.from) (debounce, flash, variant or --lenient differ): its numbers cannot be merged")
                    }
                    settings = settings ?? (read, "\(source):\(entry.line)")
                    headerSeen = true
                    continue
                }
                guard headerSeen else {
                    throw fail("not a stats partial: it must start with {\"format\":\"\(format)\",…} (made by turbo-replay stats --partial)")
                }
                // App sessions (SessionPartial.swift): their own line kind.
                if let value = object["session"] {
                    let session = try decodeSession(value, Reader(fail: fail))
                    if let (_, first) = sessions[session.web] {
                        throw fail("the session of \(session.web) is in two partials (first at \(first)): a log must be read once")
                    }
                    sessions[session.web] = (session, "\(source):\(entry.line)")
                    continue
                }
                let file = try decodeFile(object, fail: fail)
                if let (_, first) = files[file.path] {
                    throw fail("\(file.path) is in two partials (first at \(first)): a log must be read once")
                }
                files[file.path] = (file, "\(source):\(entry.line)")
            }
        }
        return (settings?.value, files.values.map(\.0).sorted { $0.path < $1.path },
                sessions.values.map(\.0).sorted { $0.web < $1.web })
    }

    static func decodeHeader(_ object: [String: JSONValue], fail: (String) -> RecordingError) throws -> Settings {
        guard object["format"] == .string(format) else { throw fail("not a stats partial (\"format\" is not \"\(format)\")") }
        guard object["version"] == .number(Double(version)) else {
            throw fail("a stats partial of version \(object["version"].map { "\($0)" } ?? "none"); this turbo-replay reads version \(version)")
        }
        guard case .number(let debounce)? = object["debounceMs"], case .number(let flash)? = object["flashMs"],
              case .bool(let lenient)? = object["lenient"] else {
            throw fail("a partial's header needs debounceMs, flashMs and lenient")
        }
        var variant: String?
        switch object["variant"] {
        case nil: break
        case .string(let name)?: variant = name
        default: throw fail("a partial's \"variant\" must be a string")
        }
        return Settings(debounceMs: debounce, flashMs: flash, lenient: lenient, variant: variant)
    }

    static func decodeFile(_ object: [String: JSONValue], fail: @escaping (String) -> RecordingError) throws -> StatsFile {
        let read = Reader(fail: fail)
        let path = try read.string(object["path"], "path")
        let warnings = try read.array(object["warnings"] ?? .array([]), "warnings").map { try decodeError($0, read) }
        let outcome: StatsFile.Outcome
        if let web = object["web"] {
            outcome = .read(try decodeWeb(read.object(web, "web"), read))
        } else if let native = object["native"] {
            outcome = .native(try decodeNative(read.object(native, "native"), read))
        } else if let failed = object["failed"] {
            outcome = .failed(try decodeError(failed, read))
        } else {
            throw fail("a partial's file line needs \"web\", \"native\" or \"failed\"")
        }
        return StatsFile(path: path, outcome: outcome, warnings: warnings)
    }

    static func decodeWeb(_ object: [String: JSONValue], _ read: Reader) throws -> SessionSummary {
        var summary = SessionSummary()
        summary.records = try read.int(object["records"], "records")
        summary.skippedLines = try read.int(object["skippedLines"], "skippedLines")
        summary.end = try object["end"].map { try read.number($0, "end") }
        summary.pills = try read.array(object["pills"], "pills").map { pill in
            let fields = try read.array(pill, "pills[]")
            guard fields.count == 4, let cause = BannerCause(rawValue: try read.string(fields[2], "pill cause")),
                  case .bool(let stillUp) = fields[3] else {
                throw read.fail("a pill is [start, end, cause, stillUp]")
            }
            return PillEpisode(start: try read.number(fields[0], "pill start"), end: try read.number(fields[1], "pill end"),
                               cause: cause, stillUp: stillUp)
        }
        summary.toasts = try read.int(object["toasts"], "toasts")
        for entry in try read.array(object["silent"], "silent") {
            let silent = try read.object(entry, "silent[]")
            let key = SilentKey(reason: try read.string(silent["reason"], "reason"),
                                status: try silent["status"].map { try read.int($0, "status") })
            summary.silent[key] = try read.int(silent["count"], "count")
        }
        for (id, count) in try read.object(object["findings"], "findings") {
            guard let kind = BannerFinding.Kind(rawValue: id) else { throw read.fail("unknown finding \"\(id)\"") }
            summary.findings[kind] = try read.int(count, id)
        }
        return summary
    }

    static func decodeNative(_ object: [String: JSONValue], _ read: Reader) throws -> NativeSummary {
        guard let platform = Platform(rawValue: try read.string(object["platform"], "platform")) else {
            throw read.fail("\"platform\" must be \"ios\" or \"android\"")
        }
        var summary = NativeSummary(platform: platform)
        summary.records = try read.int(object["records"], "records")
        summary.skippedLines = try read.int(object["skippedLines"], "skippedLines")
        let errorView = try read.object(object["errorView"], "errorView")
        for (name, count) in try read.object(errorView["views"], "views") {
            guard let variant = ErrorVariant(rawValue: name) else { throw read.fail("unknown view \"\(name)\"") }
            summary.errorView.views[variant] = try read.int(count, name)
        }
        for (name, count) in try read.object(errorView["automaticRetries"], "automaticRetries") {
            guard let trigger = RetryTrigger(rawValue: name) else { throw read.fail("unknown trigger \"\(name)\"") }
            summary.errorView.automaticRetries[trigger] = try read.int(count, name)
        }
        summary.errorView.manualRetries = try read.int(errorView["manualRetries"], "manualRetries")
        summary.errorView.deferred = try read.int(errorView["deferred"], "deferred")
        summary.launch = try decodeLaunch(object["launch"], read)
        for (id, count) in try read.object(object["findings"], "findings") {
            summary.findings[id] = try read.int(count, id)
        }
        return summary
    }

    package static func decodeError(_ value: JSONValue, _ read: Reader) throws -> RecordingError {
        let object = try read.object(value, "error")
        let kind: RecordingError.Kind
        switch try read.string(object["kind"], "kind") {
        case "malformed": kind = .malformed
        case "unreadable": kind = .unreadable
        default: throw read.fail("an error's \"kind\" is \"malformed\" or \"unreadable\"")
        }
        return RecordingError(kind, path: try read.string(object["path"], "path"),
                              line: try object["line"].map { try read.int($0, "line") },
                              try read.string(object["message"], "message"))
    }

    /// Typed reads of a partial's values, failing with the partial's file and line.
    package struct Reader {
        package let fail: (String) -> RecordingError

        package init(fail: @escaping (String) -> RecordingError) { self.fail = fail }

        func fail(_ message: String) -> RecordingError { fail(message) }

        func object(_ value: JSONValue?, _ what: String) throws -> [String: JSONValue] {
            guard case .object(let object)? = value else { throw fail("\"\(what)\" must be an object") }
            return object
        }

        package func array(_ value: JSONValue?, _ what: String) throws -> [JSONValue] {
            guard case .array(let array)? = value else { throw fail("\"\(what)\" must be an array") }
            return array
        }

        package func string(_ value: JSONValue?, _ what: String) throws -> String {
            guard case .string(let string)? = value else { throw fail("\"\(what)\" must be a string") }
            return string
        }

        package func number(_ value: JSONValue?, _ what: String) throws -> Double {
            guard case .number(let number)? = value, number.isFinite else { throw fail("\"\(what)\" must be a number") }
            return number
        }

        package func int(_ value: JSONValue?, _ what: String) throws -> Int {
            let number = try self.number(value, what)
            guard number >= 0, number.rounded() == number, number < 9e15 else { throw fail("\"\(what)\" must be a count") }
            return Int(number)
        }
    }
}
