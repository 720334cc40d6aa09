import BannerFindings
import Fleet
import OfflineBanner
import PolicyCore
import TurboRecording

/// `tune --partial` and `tune --merge`: the map and the reduce of a fleet's `tune`, as for
/// `stats` (StatsPartial). A partial says which combinations made it, then holds one line per
/// log with that log's counts under each combination, its pill time in its shortest exact form.
/// The merge puts the logs back in path order and sums them in that order, as one run sums, so
/// the rows — pill time included, to the last bit — are the ones `tune` prints for all the logs
/// at once.
public enum TunePartial {
    public static let format = "turbo-replay tune partial"
    public static let version = 1

    public static func header(combinations: [TuneCombination], lenient: Bool, blinkMs: Double = Tune.defaultBlinkMs) -> String {
        var line = JSONLine()
        line.string("format", format)
        line.integer("version", version)
        line.raw("combinations", "[" + combinations.map { combination in
            "[\(StatsPartial.exact(combination.debounce)),\(StatsPartial.exact(combination.flash)),"
                + (combination.variant.map { jsonString($0.name) } ?? "null") + "]"
        }.joined(separator: ",") + "]")
        line.bool("lenient", lenient)
        line.raw("blinkMs", StatsPartial.exact(blinkMs))
        return line.text
    }

    public static func line(_ file: TuneFile) -> String {
        var line = JSONLine()
        line.string("path", file.path)
        switch file.outcome {
        case .replayed(let rows):
            line.raw("rows", "[" + rows.map { row in
                "[\(row.pillEpisodes),\(StatsPartial.exact(row.pillMs)),\(row.toasts),\(row.flapsSuppressed),"
                    + "\(StatsPartial.exact(row.unannouncedMs)),\(row.blinks),\(row.flashes)]"
            }.joined(separator: ",") + "]")
        case .native:
            line.bool("native", true)
        case .failed(let error):
            line.raw("failed", StatsPartial.error(error))
        }
        if !file.warnings.isEmpty {
            line.raw("warnings", "[" + file.warnings.map(StatsPartial.error).joined(separator: ",") + "]")
        }
        return line.text
    }

    /// The partials at `paths` (`-`: standard input) merged into one `Tune`: the same
    /// combinations in every partial, every log once, files in path order.
    public static func merge(_ paths: [String]) throws -> (tune: Tune, lenient: Bool) {
        var header: (combinations: [TuneCombination], lenient: Bool, blinkMs: Double, from: String)?
        var files: [String: (TuneFile, String)] = [:]
        for path in paths {
            var headerSeen = false
            for entry in try readJSONLineValues(path: path) {
                let source = path == "-" ? "<stdin>" : path
                func fail(_ message: String) -> RecordingError {
                    RecordingError(.malformed, path: source, line: entry.line, message)
                }
                let read = StatsPartial.Reader(fail: fail)
                guard case .object(let object) = entry.value else { throw fail("not a partial's line") }
                if object["format"] != nil {
                    guard object["format"] == .string(format) else { throw fail("not a tune partial (\"format\" is not \"\(format)\")") }
                    guard object["version"] == .number(Double(version)) else {
                        throw fail("a tune partial of another version; this turbo-replay reads version \(version)")
                    }
                    let combinations = try read.array(object["combinations"], "combinations").map { try combination($0, read) }
                    guard case .bool(let lenient)? = object["lenient"] else { throw fail("a partial's header needs lenient") }
                    guard object["blinkMs"] != nil else { throw fail("a partial's header needs blinkMs") }
                    let blinkMs = try read.number(object["blinkMs"], "blinkMs")
                    if let header, header.combinations != combinations || header.lenient != lenient {
                        throw fail("made with other combinations or --lenient than \(header.from): its rows cannot be merged")
                    }
                    if let header, header.blinkMs != blinkMs {
                        throw fail("made with another --blink-ms than \(header.from): its blinks cannot be merged")
                    }
                    header = header ?? (combinations, lenient, blinkMs, "\(source):\(entry.line)")
                    headerSeen = true
                    continue
                }
                guard headerSeen, let combinations = header?.combinations else {
                    throw fail("not a tune partial: it must start with {\"format\":\"\(format)\",…} (made by turbo-replay tune --partial)")
                }
                let file = try decodeFile(object, combinations: combinations, read)
                if let (_, first) = files[file.path] {
                    throw fail("\(file.path) is in two partials (first at \(first)): a log must be read once")
                }
                files[file.path] = (file, "\(source):\(entry.line)")
            }
        }
        let merged = Tune(combinations: header?.combinations ?? [], files: files.values.map(\.0).sorted { $0.path < $1.path },
                          blinkMs: header?.blinkMs ?? Tune.defaultBlinkMs)
        return (merged, header?.lenient ?? false)
    }

    static func combination(_ value: JSONValue, _ read: StatsPartial.Reader) throws -> TuneCombination {
        let fields = try read.array(value, "combinations[]")
        guard fields.count == 3 else { throw read.fail("a combination is [debounceMs, flashMs, variant]") }
        var variant: BannerVariant?
        if fields[2] != .null {
            guard let named = BannerVariant(name: try read.string(fields[2], "variant")) else {
                throw read.fail("unknown variant \(fields[2])")
            }
            variant = named
        }
        return TuneCombination(debounce: try read.number(fields[0], "debounceMs"), flash: try read.number(fields[1], "flashMs"),
                               variant: variant)
    }

    static func decodeFile(_ object: [String: JSONValue], combinations: [TuneCombination],
                           _ read: StatsPartial.Reader) throws -> TuneFile {
        let path = try read.string(object["path"], "path")
        let warnings = try read.array(object["warnings"] ?? .array([]), "warnings").map { try StatsPartial.decodeError($0, read) }
        let outcome: TuneFile.Outcome
        if let rows = object["rows"] {
            let values = try read.array(rows, "rows")
            guard values.count == combinations.count else { throw read.fail("a log's rows must be one per combination") }
            outcome = .replayed(try zip(values, combinations).map { value, combination in
                let counts = try read.array(value, "rows[]")
                guard counts.count == 7 else {
                    throw read.fail("a row is [pillEpisodes, pillMs, toasts, flapsSuppressed, unannouncedMs, blinks, flashes]")
                }
                var row = TuneRow(combination: combination)
                row.sessions = 1
                row.pillEpisodes = try read.int(counts[0], "pillEpisodes")
                row.pillMs = try read.number(counts[1], "pillMs")
                row.toasts = try read.int(counts[2], "toasts")
                row.flapsSuppressed = try read.int(counts[3], "flapsSuppressed")
                row.unannouncedMs = try read.number(counts[4], "unannouncedMs")
                row.blinks = try read.int(counts[5], "blinks")
                row.flashes = try read.int(counts[6], "flashes")
                return row
            })
        } else if object["native"] == .bool(true) {
            outcome = .native
        } else if let failed = object["failed"] {
            outcome = .failed(try StatsPartial.decodeError(failed, read))
        } else {
            throw read.fail("a partial's file line needs \"rows\", \"native\" or \"failed\"")
        }
        return TuneFile(path: path, outcome: outcome, warnings: warnings)
    }
}
