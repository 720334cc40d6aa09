import BannerFindings
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// `stats --partial` and `stats --merge`: the map and the reduce of a fleet's `stats`, so
/// that an existing engine (Hadoop Streaming, Spark's `RDD.pipe`) can spread the logs over
/// many machines.
///
/// A partial is JSON Lines: a header saying which settings made it, one line per log read
/// (its path, its real path, its counts by key and its durations as `QuantileSketch` buckets),
/// then a trailer counting the lines and logs (`PartialFrame`). Merging adds counts, so the
/// merged logs are the same values a single run holds, sorted by path as a single run sorts
/// them, and the report is byte for byte the one `stats` prints for all the logs at once. A
/// log's line does not grow with the pill's episodes, nor a merge's memory. Numbers are
/// written in Swift's shortest round-trip form, so every double comes back equal.
package enum StatsPartial {
    package static let format = "turbo-replay stats partial"
    /// 2: a trailer, real paths, and sketches in place of every episode and launch time; the
    /// `emulated-online` finding (a version-1 partial never looked for it); app sessions.
    /// 3: log lines start with their real path and come sorted by it (the merge streams them),
    /// and an app session rides on its web log's line; the `banner-drift` finding (a version-2
    /// partial never looked for it), a web log's `seenFit` when its page showed anything, and
    /// the seen tolerance in the header when not the default.
    /// 4: a native log's time on error views (`errorViewTime`), which a version-3 partial never
    /// measured: merged as none, it would say the fleet's users saw no error view at all.
    /// 5: an app session's latency past 100,000 values is its count, maximum and sketch, not
    /// every value (a version-4 merge would refuse it as "not an array", without saying why).
    /// 6: so is every session's, once the partial's sessions hold more than 100,000 values of
    /// that latency in all (a version-5 merge would refuse the smaller ones' sketches).
    /// 7: the header names the finding ids and the figures it counted (`PartialCounted`), and
    /// the config's findings rules it applied. From here a new finding or figure changes what
    /// a header says, and a merge refuses by name what was not counted: no version for it.
    package static let version = 7

    static let frame = PartialFrame(format: format, version: version, command: "stats")

    /// What a partial's numbers depend on: merging partials made otherwise would mix answers.
    package struct Settings: Equatable, Sendable {
        package var debounceMs: Double
        package var flashMs: Double
        package var lenient: Bool
        /// The banner's variants, then the retry policy's, by name (`nil`: v1): a variant's
        /// numbers are not v1's.
        package var variant: String?
        /// What a drift is judged by: another tolerance counts other drifts.
        package var seen = SeenTolerance()
        /// The config's `findings` rules: a finding turned off is not counted, a threshold
        /// counts fewer, and a level is the report's.
        package var rules = FindingsConfig()
        /// `--by`: each log's line names its group, and a merge reports each group; `nil`:
        /// lines name none. Partials grouped otherwise are not merged.
        package var by: StatsGrouping?

        package init(
            _ banner: BannerSettings, retry: Set<RetryVariant> = [], rules: FindingRules = FindingRules(), lenient: Bool, by: StatsGrouping? = nil
        ) {
            self.by = by
            debounceMs = banner.debounce
            flashMs = banner.flash
            seen = banner.seenTolerance
            self.rules = rules.config
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

    /// The header: the settings, then what the partial counted (`counted`: this turbo-replay's,
    /// unless a test writes an older one's).
    package static func header(_ settings: Settings, counted: PartialCounted = .stats) -> String {
        var line = JSONLine()
        line.string("format", format)
        line.integer("version", version)
        line.raw("debounceMs", exact(settings.debounceMs))
        line.raw("flashMs", exact(settings.flashMs))
        line.bool("lenient", settings.lenient)
        // Only when there is one: a v1 partial reads as it always has.
        if let variant = settings.variant { line.string("variant", variant) }
        if settings.seen.eventMs != SeenTolerance.defaultEventMs { line.raw("seenEventMs", exact(settings.seen.eventMs)) }
        if settings.seen.timerMs != SeenTolerance.defaultTimerMs { line.raw("seenTimerMs", exact(settings.seen.timerMs)) }
        if !settings.rules.rules.isEmpty { line.raw("rules", rules(settings.rules)) }
        if let by = settings.by { line.string("by", by.rawValue) }
        counted.write(into: &line)
        return line.text
    }

    /// The whole partial of `stats`: header, a line per log in key order (`FleetStats.keyed`),
    /// trailer. `Writer` writes the same bytes as it reads, holding a few logs.
    package static func write(
        _ stats: FleetStats, settings: Settings, limit: Int = LatencySample.exactLimit, _ print: (String) throws -> Void
    ) rethrows {
        try print(header(settings))
        let keyed = stats.keyed
        var counts = SketchedLatencies.Counts()
        for session in stats.sessions { counts.add(session) }
        let sketched = SketchedLatencies(counts, limit: limit)
        for entry in keyed {
            try print(line(entry.file, real: entry.real, session: entry.session, sketched: sketched, by: settings.by))
        }
        try print(trailer(logs: keyed.count))
    }

    package static func trailer(logs: Int) -> String { frame.trailer(logs: logs) }

    /// A log's line: its real path first (the key the lines are sorted by), its path, its
    /// figures, and the app session read with it, if any.
    /// `sketched`: the latencies every session's line carries as a sketch (`SketchedLatencies`).
    /// `by`: the line names the log's group (`"group":"2.3.1"`, `null` for `unknown`).
    package static func line(
        _ file: StatsFile, real: String? = nil, session: StatsSession? = nil, sketched: SketchedLatencies = .none, by: StatsGrouping? = nil
    ) -> String {
        var line = JSONLine()
        line.string("real", real ?? PartialFrame.realPath(file.path))
        line.string("path", file.path)
        if let by { line.raw("group", by.key(of: file).map(jsonString) ?? "null") }
        switch file.outcome {
        case .read(let summary): line.raw("web", web(summary))
        case .native(let summary): line.raw("native", native(summary))
        case .failed(let error): line.raw("failed", self.error(error))
        case .empty: line.bool(.empty, true)
        }
        if !file.warnings.isEmpty {
            line.raw("warnings", "[" + file.warnings.map(error).joined(separator: ",") + "]")
        }
        if let session { line.raw("session", body(session, sketched: sketched)) }
        return line.text
    }

    /// `["seq 5-9","part 2 of 6"]`: a log's gaps, as its line carries them.
    static func strings(_ values: [String]) -> String { "[" + values.map(jsonString).joined(separator: ",") + "]" }

    /// A log's gaps from its line: left out for none, never written empty.
    static func decodeGaps(_ value: JSONValue?, _ read: Reader) throws -> [String] {
        guard let value else { return [] }
        let gaps = try read.array(value, "gaps").map { try read.string($0, "gaps[]") }
        guard !gaps.isEmpty else { throw read.fail("a log without gaps leaves \"gaps\" out, not written []") }
        return gaps
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

    static func web(_ summary: WebLogSummary) -> String {
        var line = JSONLine()
        line.integer(.webRecords, summary.records)
        line.integer(.webSkippedLines, summary.skippedLines)
        if let cut = summary.cut { line.integer(.webCut, cut) }
        if !summary.gaps.isEmpty { line.raw(.webGaps, strings(summary.gaps)) }
        var pills = JSONLine()
        for cause in RecordingSummary.raisingCauses {
            if let total = summary.pills[cause] { pills.raw(cause.rawValue, "[\(total.episodes),\(exact(total.ms))]") }
        }
        line.raw(.pills, pills.text)
        line.raw(.durations, sketch(summary.durations))
        line.integer(.toasts, summary.toasts)
        line.raw(
            .silent,
            "["
                + summary.silent.sorted { $0.key < $1.key }.map { entry in
                    var silent = JSONLine()
                    silent.string("reason", entry.key.reason)
                    if let status = entry.key.status { silent.integer("status", status) }
                    silent.integer("count", entry.value)
                    return silent.text
                }.joined(separator: ",") + "]")
        line.raw("findings", counts(summary.findings, \.id))
        if let fit = summary.seenFit {
            var fitted = JSONLine()
            if let debounce = fit.debounceMs { fitted.raw("debounceMs", exact(debounce)) }
            if let flash = fit.flashMs { fitted.raw("flashMs", exact(flash)) }
            line.raw(.seenFit, fitted.text)
        }
        if let refused = summary.pairRefused { line.string(.pairRefused, refused) }
        return line.text
    }

    /// A sketch's buckets as `[index, count]` pairs, with its exact minimum and maximum.
    static func sketch(_ sketch: QuantileSketch) -> String {
        var line = JSONLine()
        line.integer("zeros", sketch.zeros)
        line.raw("bins", "[" + sketch.bins.map { "[\($0.index),\($0.count)]" }.joined(separator: ",") + "]")
        if let min = sketch.min, let max = sketch.max {
            line.raw("min", exact(min))
            line.raw("max", exact(max))
        }
        return line.text
    }

    static func native(_ summary: NativeLogSummary) -> String {
        var line = JSONLine()
        line.string(.platform, summary.platform.rawValue)
        line.integer(.nativeRecords, summary.records)
        line.integer(.nativeSkippedLines, summary.skippedLines)
        if let cut = summary.cut { line.integer(.nativeCut, cut) }
        if !summary.gaps.isEmpty { line.raw(.nativeGaps, strings(summary.gaps)) }
        if let unpaired = summary.unpaired { line.string(.unpaired, unpaired) }
        // Each native policy's part, in registry order.
        NativeStatsSections.All.write(summary, into: &line)
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

    /// Reads the partials at `paths` (`-`: standard input, several partials one after
    /// another): `each` gets every log (with its app session) in key order, as a single run
    /// folds them, and its line as written. Returns the settings the partials share. A log read
    /// by two partials, partials made with other settings, a partial without its header or
    /// trailer, a value no log can have, or a total past what a count holds, is an error naming
    /// the file and line.
    /// `headers` gets the header a merged partial starts with (the first one read), once,
    /// before the first log.
    package static func read(
        _ paths: [String], headers: (String) throws -> Void = { _ in },
        _ each: (_ file: StatsFile, _ session: StatsSession?, _ line: ArraySlice<UInt8>) throws -> Void
    ) throws -> Settings? {
        try readGrouped(paths, headers: headers) { file, session, _, line in try each(file, session, line) }
    }

    /// `read`, with each log's group as its line names it (its key `nil`: `unknown`), or `nil`
    /// for the logs of partials made without `--by`.
    package static func readGrouped(
        _ paths: [String], headers: (String) throws -> Void = { _ in },
        _ each: (_ file: StatsFile, _ session: StatsSession?, _ group: (by: StatsGrouping, key: String?)?, _ line: ArraySlice<UInt8>) throws -> Void
    ) throws -> Settings? {
        var settings: (value: Settings, counted: PartialCounted, from: String, fail: (String) -> RecordingError)?
        var firstHeader: String?
        var announced = false
        var totals = PartialTotals()
        try frame.read(
            paths,
            header: { object, at, fail in
                let read = try decodeHeader(object, fail: fail)
                let counted = try PartialCounted(header: object, findings: true, fail)
                if let settings, settings.value.by != read.by {
                    func grouped(_ by: StatsGrouping?) -> String { by.map { "grouped by \($0.rawValue)" } ?? "not grouped (no --by)" }
                    throw fail(
                        "\(grouped(read.by)), \(settings.from) \(grouped(settings.value.by)): partials made with other --by cannot be merged; make them again with one --by"
                    )
                }
                if let settings, settings.value != read {
                    throw fail(
                        "made with other settings than \(settings.from) (debounce, flash, variant, seen tolerance, findings rules or --lenient differ): its numbers cannot be merged"
                    )
                }
                if let settings, let difference = counted.difference(from: settings.counted, there: settings.from) {
                    throw fail("counted other findings or figures than \(settings.from): \(difference): their numbers cannot be merged")
                }
                settings = settings ?? (read, counted, at, fail)
                firstHeader = firstHeader ?? header(read)
            },
            scanned: {
                // Every header counted the same: what this turbo-replay counts, or none is merged.
                if let settings, let refusal = settings.counted.refusal(countedHere: .stats, command: "stats") {
                    throw settings.fail(refusal)
                }
            },
            log: { object, real, line, fail in
                let file = try decodeFile(object, fail: fail)
                if settings?.value.lenient == false, file.skipsLines {
                    throw fail("skipped lines in a partial made with \"lenient\":false: a strict read skips none (the log fails)")
                }
                switch file.outcome {
                case .read(let summary):
                    try summary.forEachCount { try totals.add($0, $1, fail) }
                    try summary.forEachSum { try totals.add($0, $1, fail) }
                case .native(let summary):
                    try summary.forEachCount { try totals.add($0, $1, fail) }
                    try summary.forEachSum { try totals.add($0, $1, fail) }
                case .failed, .empty:
                    break
                }
                var session: StatsSession?
                if let value = object["session"] {
                    session = try decodeSession(value, Reader(fail: fail))
                    guard case .read = file.outcome, session?.web == file.path else {
                        throw fail("a session rides on the line of its web log, read: \(file.path) is not its web log")
                    }
                    if case .read(let figures)? = session?.outcome {
                        try figures.forEachCount { try totals.add("app sessions' \($0)", $1, fail) }
                    }
                }
                let by = settings?.value.by
                let group = try decodeGroup(object, by: by, fail: fail)
                if !announced, let firstHeader {
                    try headers(firstHeader)
                    announced = true
                }
                try each(file, session, by.map { ($0, group) }, line)
            })
        if !announced, let firstHeader { try headers(firstHeader) }
        return settings?.value
    }

    static func decodeHeader(_ object: [String: JSONValue], fail: (String) -> RecordingError) throws -> Settings {
        guard object["format"] == .string(format) else { throw fail("not a stats partial (\"format\" is not \"\(format)\")") }
        guard object["version"] == .number(Double(version)) else {
            throw fail("a stats partial of version \(object["version"].map { "\($0)" } ?? "none"); this turbo-replay reads version \(version)")
        }
        guard case .number(let debounce)? = object["debounceMs"], case .number(let flash)? = object["flashMs"],
            case .bool(let lenient)? = object["lenient"]
        else {
            throw fail("a partial's header needs debounceMs, flashMs and lenient")
        }
        guard debounce.isFinite, debounce >= 0, flash.isFinite, flash >= 0 else {
            throw fail("a partial's debounceMs and flashMs are milliseconds, 0 or more")
        }
        var variant: String?
        switch object["variant"] {
        case nil: break
        case .string(let name)?: variant = name
        default: throw fail("a partial's \"variant\" must be a string")
        }
        var settings = Settings(debounceMs: debounce, flashMs: flash, lenient: lenient, variant: variant)
        for (key, path) in [("seenEventMs", \SeenTolerance.eventMs), ("seenTimerMs", \SeenTolerance.timerMs)] {
            guard let value = object[key] else { continue }
            guard case .number(let ms) = value, ms.isFinite, ms >= 0 else { throw fail("a partial's \(key) is milliseconds, 0 or more") }
            settings.seen[keyPath: path] = ms
        }
        if let rules = object["rules"] { settings.rules = try decodeRules(rules, fail: fail) }
        switch object["by"] {
        case nil: break
        case .string(let name)?:
            guard let by = StatsGrouping(rawValue: name) else {
                throw fail("a partial's \"by\" is one of \(StatsGrouping.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)")
            }
            settings.by = by
        default: throw fail("a partial's \"by\" must be a string")
        }
        return settings
    }

    /// A log line's `"group"`: a string or `null` in a partial made with `--by`, absent in one
    /// made without.
    static func decodeGroup(_ object: [String: JSONValue], by: StatsGrouping?, fail: (String) -> RecordingError) throws -> String? {
        guard by != nil else {
            guard object["group"] == nil else { throw fail("a log's \"group\" in a partial made without --by") }
            return nil
        }
        switch object["group"] {
        case .string(let key)?: return key
        case .null?: return nil
        default: throw fail("a log's line in a partial made with --by names its \"group\": a string, or null for unknown")
        }
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
        } else if let empty = object[StatsFigure.empty] {
            guard empty == .bool(true) else { throw fail("a partial's \"empty\" is true or left out") }
            outcome = .empty
        } else {
            throw fail("a partial's file line needs \"web\", \"native\", \"failed\" or \"empty\"")
        }
        return StatsFile(path: path, outcome: outcome, warnings: warnings)
    }

    static func decodeWeb(_ object: [String: JSONValue], _ read: Reader) throws -> WebLogSummary {
        var summary = WebLogSummary()
        summary.records = try read.int(object[.webRecords], "records")
        summary.skippedLines = try read.int(object[.webSkippedLines], "skippedLines")
        summary.cut = try object[.webCut].map { try read.int($0, "cut") }
        summary.gaps = try decodeGaps(object[.webGaps], read)
        for (name, value) in try read.object(object[.pills], "pills") {
            guard let cause = BannerCause(rawValue: name), RecordingSummary.raisingCauses.contains(cause) else {
                throw read.fail("\"\(name)\" does not raise the pill")
            }
            let fields = try read.array(value, "pills.\(name)")
            guard fields.count == 2 else { throw read.fail("a cause's pills are [episodes, ms]") }
            let episodes = try read.int(fields[0], "pills.\(name) episodes")
            guard episodes >= 1 else { throw read.fail("a cause with no episode is left out, not written with 0") }
            summary.pills[cause] = .init(episodes: episodes, ms: try read.duration(fields[1], "pills.\(name) ms"))
        }
        summary.durations = try decodeSketch(object[.durations], "durations", read)
        guard summary.durations.count == summary.pillEpisodes else {
            throw read.fail("the durations count \(summary.durations.count) episodes, the causes \(summary.pillEpisodes)")
        }
        if let max = summary.durations.max, max > summary.pillMs {
            throw read.fail("an episode of \(exact(max)) ms is longer than all of them together (\(exact(summary.pillMs)) ms)")
        }
        summary.toasts = try read.int(object[.toasts], "toasts")
        for entry in try read.array(object[.silent], "silent") {
            let silent = try read.object(entry, "silent[]")
            let key = SilentKey(
                reason: try read.string(silent["reason"], "reason"),
                status: try silent["status"].map { try read.int($0, "status") })
            guard summary.silent[key] == nil else { throw read.fail("silent \(key.name) is given twice") }
            summary.silent[key] = try read.int(silent["count"], "count")
        }
        for (id, count) in try read.object(object["findings"], "findings") {
            guard let kind = BannerFinding.Kind(rawValue: id) else { throw read.fail("unknown finding \"\(id)\"") }
            summary.findings[kind] = try read.int(count, id)
        }
        if let value = object[.seenFit] {
            var fit = SeenFit()
            for (name, ms) in try read.object(value, "seenFit") {
                switch name {
                case "debounceMs": fit.debounceMs = try read.duration(ms, "seenFit.debounceMs")
                case "flashMs": fit.flashMs = try read.duration(ms, "seenFit.flashMs")
                default: throw read.fail("unknown key \"\(name)\" in seenFit")
                }
            }
            summary.seenFit = fit
        }
        summary.pairRefused = try object[.pairRefused].map { try read.string($0, "pairRefused") }
        return summary
    }

    static func decodeSketch(_ value: JSONValue?, _ what: String, _ read: Reader) throws -> QuantileSketch {
        let object = try read.object(value, what)
        let bins = try read.array(object["bins"], "\(what).bins").map { value in
            let pair = try read.array(value, "\(what).bins[]")
            guard pair.count == 2, case .number(let index) = pair[0], index.rounded() == index, abs(index) < 1e9 else {
                throw read.fail("a bucket is [index, count], the index a whole number")
            }
            return QuantileSketch.Bin(index: Int(index), count: try read.int(pair[1], "\(what) bucket count"))
        }
        let min = try object["min"].map { try read.duration($0, "\(what).min") }
        let max = try object["max"].map { try read.duration($0, "\(what).max") }
        guard let sketch = QuantileSketch(zeros: try read.int(object["zeros"], "\(what).zeros"), bins: bins, min: min, max: max) else {
            throw read.fail(
                "\"\(what)\" is not a sketch any log makes (buckets in order, each counted once or more, "
                    + "min and max in the first and last)")
        }
        return sketch
    }

    static func decodeNative(_ object: [String: JSONValue], _ read: Reader) throws -> NativeLogSummary {
        guard let platform = Platform(rawValue: try read.string(object[.platform], "platform")) else {
            throw read.fail("\"platform\" must be \"ios\" or \"android\"")
        }
        var summary = NativeLogSummary(platform: platform)
        summary.records = try read.int(object[.nativeRecords], "records")
        summary.skippedLines = try read.int(object[.nativeSkippedLines], "skippedLines")
        summary.cut = try object[.nativeCut].map { try read.int($0, "cut") }
        summary.gaps = try decodeGaps(object[.nativeGaps], read)
        summary.unpaired = try object[.unpaired].map { try read.string($0, "unpaired") }
        try NativeStatsSections.All.decode(object, into: &summary, read)
        for (id, count) in try read.object(object["findings"], "findings") {
            guard PolicyDescription.finding(id) != nil else { throw read.fail("unknown finding \"\(id)\"") }
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
        return RecordingError(
            kind, path: try read.string(object["path"], "path"),
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
            guard case .number(let number)? = value, number.isFinite else { throw fail("\"\(what)\" must be a finite number") }
            return number
        }

        /// Milliseconds a log spent: finite and 0 or more.
        package func duration(_ value: JSONValue?, _ what: String) throws -> Double {
            let number = try self.number(value, what)
            guard number >= 0 else { throw fail("\"\(what)\" must be a duration, 0 or more (not \(number))") }
            return number
        }

        package func int(_ value: JSONValue?, _ what: String) throws -> Int {
            let number = try self.number(value, what)
            guard number >= 0, number.rounded() == number, number < 9e15 else { throw fail("\"\(what)\" must be a count") }
            return Int(number)
        }
    }
}

extension FleetFile where Result == StatsOutcome {
    /// A lenient read skipped some of its lines; a strict one never does (it fails the log).
    var skipsLines: Bool {
        switch outcome {
        case .read(let summary): return summary.skippedLines > 0 || !warnings.isEmpty
        case .native(let summary): return summary.skippedLines > 0 || !warnings.isEmpty
        case .failed, .empty: return !warnings.isEmpty
        }
    }
}
