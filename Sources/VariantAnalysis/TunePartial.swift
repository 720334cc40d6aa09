import BannerFindings
import Fleet
import OfflineBanner
import PolicyCore
import TurboRecording

/// `tune --partial` and `tune --merge`: the map and the reduce of a fleet's `tune`, as for
/// `stats` (StatsPartial). A partial says which combinations made it, then holds one line per
/// log with that log's counts under each combination, its pill time in its shortest exact form.
/// The merge streams the logs in key order (their real paths, as the partials are sorted) and
/// sums them in that order, as one run sums, so the rows — pill time included, to the last bit
/// — are the ones `tune` prints for all the logs at once. Like every partial it ends with a trailer counting its lines and logs, names each
/// log by its real path too, and a merge checks every sum it makes (`PartialFrame`).
package enum TunePartial {
    package static let format = "turbo-replay tune partial"
    /// 2: a trailer, real paths, blinkMs and the trade-off's three figures per row.
    /// 3: log lines start with their real path and come sorted by it (the merge streams them).
    /// 4: the header names a row's figures, in their order (`TuneFigure`): from here a new
    /// figure changes what a header says, and a merge refuses by name what was not counted.
    package static let version = 4

    package static let frame = PartialFrame(format: format, version: version, command: "tune")

    /// The whole partial of `tune`: header, a line per log, trailer.
    package static func write(_ tune: Tune, lenient: Bool, _ print: (String) throws -> Void) rethrows {
        try print(header(combinations: tune.combinations, lenient: lenient, blinkMs: tune.blinkMs))
        for entry in tune.keyed { try print(line(entry.file, real: entry.real)) }
        try print(frame.trailer(logs: tune.files.count))
    }

    /// The partial of `logs` (in key order: `FleetLogs.byKey`) as they are read, each log's
    /// line written as soon as it and every log before it are read: the bytes `write` gives
    /// for the same logs, holding a few of them, not the fleet.
    package static func write(
        _ logs: PathListing, reading: TuneReading, lenient: Bool, jobs: Int, _ print: (String) throws -> Void
    ) throws {
        try print(header(combinations: reading.combinations, lenient: lenient, blinkMs: reading.blinkMs))
        var count = 0
        try LogFleet.stream(logs, reading: reading, lenient: lenient, jobs: jobs) { file in
            try print(line(file))
            count += 1
        }
        try print(frame.trailer(logs: count))
    }

    package static func header(combinations: [TuneCombination], lenient: Bool, blinkMs: Double = Tune.defaultBlinkMs) -> String {
        var line = JSONLine()
        line.string("format", format)
        line.integer("version", version)
        line.raw(
            "combinations",
            "["
                + combinations.map { combination in
                    "[\(StatsPartial.exact(combination.debounce)),\(StatsPartial.exact(combination.flash)),"
                        + (combination.variant.map { jsonString($0.name) } ?? "null") + "]"
                }.joined(separator: ",") + "]")
        line.bool("lenient", lenient)
        line.raw("blinkMs", StatsPartial.exact(blinkMs))
        TuneFigure.counted.write(into: &line)
        return line.text
    }

    package static func line(_ file: TuneFile, real: String? = nil) -> String {
        var line = JSONLine()
        line.string("real", real ?? PartialFrame.realPath(file.path))
        line.string("path", file.path)
        switch file.outcome {
        case .replayed(let rows):
            line.raw(
                "rows",
                "[" + rows.map { row in "[" + TuneFigure.allCases.map { $0.written(row) }.joined(separator: ",") + "]" }.joined(separator: ",")
                    + "]")
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

    /// The partials at `paths` (`-`: standard input) merged into one `Tune` whose rows are
    /// summed in key order, as one run sums them, in bounded memory (`Tune.merged`): the same
    /// combinations in every partial, every log once, every sum checked. `each` sees every
    /// log's file and line as it comes; `headers` the first header, before the first log.
    package static func merge(
        _ paths: [String], headers: (String) throws -> Void = { _ in },
        each: (_ file: TuneFile, _ line: ArraySlice<UInt8>) throws -> Void = { _, _ in }
    ) throws -> (tune: Tune, lenient: Bool) {
        var header: (combinations: [TuneCombination], lenient: Bool, blinkMs: Double, from: String)?
        var counted: (value: PartialCounted, fail: (String) -> RecordingError)?
        var sums: TuneSums?
        var totals = PartialTotals()
        try frame.read(
            paths,
            header: { object, at, fail in
                let read = StatsPartial.Reader(fail: fail)
                let combinations = try read.array(object["combinations"], "combinations").map { try combination($0, read) }
                guard case .bool(let lenient)? = object["lenient"] else { throw fail("a partial's header needs lenient") }
                guard object["blinkMs"] != nil else { throw fail("a partial's header needs blinkMs") }
                let blinkMs = try read.duration(object["blinkMs"], "blinkMs")
                if let header, header.combinations != combinations || header.lenient != lenient {
                    throw fail("made with other combinations or --lenient than \(header.from): its rows cannot be merged")
                }
                if let header, header.blinkMs != blinkMs {
                    throw fail("made with another --blink-ms than \(header.from): its blinks cannot be merged")
                }
                let figures = try PartialCounted(header: object, findings: false, fail)
                if let header, let counted, let difference = figures.difference(from: counted.value, there: header.from) {
                    throw fail("counted other figures than \(header.from): \(difference): their rows cannot be merged")
                }
                header = header ?? (combinations, lenient, blinkMs, at)
                counted = counted ?? (figures, fail)
            },
            scanned: {
                // Every header counted the same: what this turbo-replay counts, or none is merged.
                if let counted, let refusal = counted.value.refusal(countedHere: TuneFigure.counted, command: "tune") {
                    throw counted.fail(refusal)
                }
            },
            log: { object, _, line, fail in
                let read = StatsPartial.Reader(fail: fail)
                let file = try decodeFile(object, combinations: header!.combinations, read)
                if !header!.lenient, !file.warnings.isEmpty {
                    throw fail("skipped lines in a partial made with \"lenient\":false: a strict read skips none (the log fails)")
                }
                if case .replayed(let rows) = file.outcome {
                    for (index, row) in rows.enumerated() {
                        for figure in TuneFigure.allCases { try figure.total(row, combination: index + 1, &totals, fail) }
                    }
                }
                if sums == nil {
                    sums = TuneSums(combinations: header!.combinations)
                    try headers(self.header(combinations: header!.combinations, lenient: header!.lenient, blinkMs: header!.blinkMs))
                }
                sums!.add(file)
                try each(file, line)
            })
        if sums == nil, let header {
            try headers(self.header(combinations: header.combinations, lenient: header.lenient, blinkMs: header.blinkMs))
        }
        var merged = Tune(combinations: header?.combinations ?? [], files: [], blinkMs: header?.blinkMs ?? Tune.defaultBlinkMs)
        merged.merged = sums ?? TuneSums(combinations: merged.combinations)
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
        return TuneCombination(
            debounce: try read.duration(fields[0], "debounceMs"), flash: try read.duration(fields[1], "flashMs"),
            variant: variant)
    }

    static func decodeFile(
        _ object: [String: JSONValue], combinations: [TuneCombination],
        _ read: StatsPartial.Reader
    ) throws -> TuneFile {
        let path = try read.string(object["path"], "path")
        let warnings = try read.array(object["warnings"] ?? .array([]), "warnings").map { try StatsPartial.decodeError($0, read) }
        let outcome: TuneFile.Outcome
        if let rows = object["rows"] {
            let values = try read.array(rows, "rows")
            guard values.count == combinations.count else { throw read.fail("a log's rows must be one per combination") }
            outcome = .replayed(
                try zip(values, combinations).map { value, combination in
                    let counts = try read.array(value, "rows[]")
                    guard counts.count == TuneFigure.allCases.count else {
                        throw read.fail("a row is [" + TuneFigure.allCases.map(\.rawValue).joined(separator: ", ") + "]")
                    }
                    var row = TuneRow(combination: combination)
                    row.recordings = 1
                    for (figure, count) in zip(TuneFigure.allCases, counts) { try figure.read(count, into: &row, read) }
                    if row.blinks > row.pillEpisodes { throw read.fail("more blinks than pill episodes") }
                    if row.pillEpisodes == 0, row.pillMs != 0 { throw read.fail("pill time with no pill episode") }
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
