import BannerFindings
import Fleet
import Foundation
import OfflineBanner
import Replay
import TurboRecording

/// One combination of settings `tune` replays: a debounce, a flash, and v1 or a variant.
package struct TuneCombination: Hashable, Sendable {
    package var debounce: Double
    package var flash: Double
    /// `nil` for v1.
    package var variant: BannerVariant?

    package init(debounce: Double, flash: Double, variant: BannerVariant?) {
        self.debounce = debounce
        self.flash = flash
        self.variant = variant
    }

    /// `base` (its copy) with this combination's timings and variant.
    package func settings(from base: BannerSettings) -> BannerSettings {
        var settings = base
        settings.debounce = debounce
        settings.flash = flash
        settings.variants = variant.map { [$0] } ?? []
        return settings
    }

    /// Every combination, v1's first, then each variant's; within one, by debounce then flash.
    package static func all(debounces: [Double], flashes: [Double], variants: [BannerVariant]) -> [TuneCombination] {
        ([nil] + variants.map(Optional.some)).flatMap { variant in
            debounces.flatMap { debounce in
                flashes.map { TuneCombination(debounce: debounce, flash: $0, variant: variant) }
            }
        }
    }
}

/// What one combination amounted to over the recordings. A pill episode is counted as `stats`
/// counts it (to the end of the log when still up); `flapsSuppressed` counts the `offline`
/// debounces that `online` cancelled before they fired. The last three are both sides of the
/// debounce's trade-off: `unannouncedMs`, the cost of waiting (the user offline, connected,
/// and no pill up), and `blinks` and `flashes`, the cost of hurrying (pills shorter than the
/// blink threshold, and green flashes).
package struct TuneRow: Equatable, Sendable {
    package var combination: TuneCombination
    package var recordings = 0
    package var pillEpisodes = 0
    package var pillMs: Double = 0
    package var toasts = 0
    package var flapsSuppressed = 0
    package var unannouncedMs: Double = 0
    package var blinks = 0
    package var flashes = 0

    package init(combination: TuneCombination) {
        self.combination = combination
    }

    init(_ run: BannerRun, combination: TuneCombination, blinkMs: Double) {
        self.combination = combination
        recordings = 1
        pillEpisodes = run.episodeCount
        pillMs = run.pillMs
        toasts = run.toasts
        flapsSuppressed = run.flapsSuppressed
        unannouncedMs = run.unannouncedMs
        blinks = run.blinks(under: blinkMs)
        flashes = run.flashes
    }

    mutating func add(_ other: TuneRow) {
        recordings += other.recordings
        pillEpisodes += other.pillEpisodes
        pillMs += other.pillMs
        toasts += other.toasts
        flapsSuppressed += other.flapsSuppressed
        unannouncedMs += other.unannouncedMs
        blinks += other.blinks
        flashes += other.flashes
    }

    /// The interruptions a hurried banner costs: blinks and green flashes.
    package var interruptions: Int { blinks + flashes }
}

/// One file of a `tune` run: a row per combination, or why there are none.
package typealias TuneFile = FleetFile<TuneOutcome>

package enum TuneOutcome: FleetOutcome, Equatable {
    case replayed([TuneRow])
    /// A native recording: it has no banner.
    case native
    case failed(RecordingError)

    package var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// How `tune` reads one log: once for all the combinations, each a banner of its own fed the
/// same records, counting only what a row needs (flat memory whatever the number of episodes).
package struct TuneReading: FleetReading, Equatable {
    package var settings: BannerSettings
    package var combinations: [TuneCombination]
    package var blinkMs: Double

    package init(settings: BannerSettings = BannerSettings(), combinations: [TuneCombination], blinkMs: Double = Tune.defaultBlinkMs) {
        self.settings = settings
        self.combinations = combinations
        self.blinkMs = blinkMs
    }

    package func read(_ log: FleetLog) throws -> TuneOutcome {
        guard case .web(let reader) = try log.open() else { return .native }
        var runs = combinations.map { BannerRun(settings: $0.settings(from: settings), keepingEpisodes: false, blinkMs: blinkMs) }
        var scratch: [TimelineRecord] = []
        try reader.forEach { record in
            for index in runs.indices {
                scratch.removeAll(keepingCapacity: true)
                runs[index].feed(record, into: &scratch)
            }
        }
        for index in runs.indices {
            scratch.removeAll(keepingCapacity: true)
            runs[index].finish(into: &scratch)
        }
        return .replayed(zip(runs, combinations).map { TuneRow($0, combination: $1, blinkMs: blinkMs) })
    }
}

/// `tune`: every combination replayed over every recording. A file is read once for all the
/// combinations (each a banner of its own fed the same records); files are replayed `jobs`
/// at a time and summed in path order, so the rows are the same for any `jobs`.
package struct Tune: Equatable, Sendable {
    /// A pill shorter than this is a blink (`--blink-ms`).
    package static let defaultBlinkMs = 1000.0

    package var combinations: [TuneCombination]
    package var files: [TuneFile]
    package var blinkMs: Double

    package init(combinations: [TuneCombination], files: [TuneFile], blinkMs: Double = Tune.defaultBlinkMs) {
        self.combinations = combinations
        self.files = files
        self.blinkMs = blinkMs
    }

    /// Every log in `paths` under every combination, held (`LogFleet.analyze`).
    package static func analyze(_ paths: [String], reading: TuneReading, lenient: Bool = false, jobs: Int = 1, distinct: Bool = false) -> Tune {
        let fleet = LogFleet.analyze(paths, reading: reading, lenient: lenient, jobs: jobs, distinct: distinct)
        return Tune(combinations: reading.combinations, files: fleet.files, blinkMs: reading.blinkMs)
    }

    /// What a merge (`TunePartial.merge`), or a run that adds its logs up as it reads them
    /// (`sum`), keeps of its logs instead of the logs.
    package var merged: TuneSums?

    /// `tune`'s report as it goes: each log of `logs` (in key order: `FleetLogs.byKey`)
    /// replayed under every combination and added to the rows, as soon as it and every log
    /// before it are done; `each` sees it first (its warnings and failure, for standard error).
    /// The same rows, to the last bit, as `analyze` then `rows`, for a few logs held at a time
    /// instead of every log until the end, and no list of them.
    package static func sum(
        _ logs: PathListing, reading: TuneReading, lenient: Bool = false, jobs: Int = 1, each: (TuneFile) throws -> Void
    ) throws -> Tune {
        var sums = TuneSums(combinations: reading.combinations)
        try LogFleet.stream(logs, reading: reading, lenient: lenient, jobs: jobs) { file in
            try each(file)
            sums.add(file)
        }
        var tune = Tune(combinations: reading.combinations, files: [], blinkMs: reading.blinkMs)
        tune.merged = sums
        return tune
    }

    /// The files in key order: the real path as a partial's line spells it, byte by byte, as a
    /// partial's lines are sorted and a merge sums them.
    package var keyed: [(file: TuneFile, real: String)] {
        files.map { file in
            let real = PartialFrame.realPath(file.path)
            return (key: PartialFrame.key(real: real), entry: (file, real))
        }
        .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        .map(\.entry)
    }

    /// One row per combination, in `combinations`' order, summed over the files in key order.
    package var rows: [TuneRow] {
        if let merged { return merged.rows }
        var sums = TuneSums(combinations: combinations)
        for entry in keyed { sums.add(entry.file) }
        return sums.rows
    }

    package var recordings: Int { merged?.recordings ?? files.filter { if case .replayed = $0.outcome { true } else { false } }.count }
    package var natives: Int { merged?.natives ?? files.filter { $0.outcome == .native }.count }
    /// Logs not read, merged ones too.
    package var failureCount: Int { merged?.failures.count ?? failures.count }

    package var failures: [RecordingError] { files.failures() }
}

/// A `tune` over many logs added up log by log in bounded memory: the rows, how many logs were
/// replayed or native, and the failures `KeptFailures` keeps.
package struct TuneSums: Equatable, Sendable {
    package private(set) var rows: [TuneRow]
    package private(set) var recordings = 0
    package private(set) var natives = 0
    package private(set) var failures = KeptFailures()

    package init(combinations: [TuneCombination]) { rows = combinations.map(TuneRow.init(combination:)) }

    package mutating func add(_ file: TuneFile) {
        switch file.outcome {
        case .replayed(let fileRows):
            recordings += 1
            for index in rows.indices { rows[index].add(fileRows[index]) }
        case .native: natives += 1
        case .failed(let error): failures.add(error)
        }
    }
}
