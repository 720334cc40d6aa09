import Fleet
import NativeErrorPolicy
import Replay
import TurboRecording

/// What a retry variant changes in one native log: the automatic retries, and among them the
/// settling probe's, under v1 and under the variant (`whatif --variant probe-once`).
public struct NativeWhatIfCounts: Equatable, Sendable {
    public var automatic = 0
    public var probe = 0

    public init(automatic: Int = 0, probe: Int = 0) {
        self.automatic = automatic
        self.probe = probe
    }

    mutating func note(_ decision: Decision) {
        guard case .retry(.automatic(let trigger)) = decision.outcome else { return }
        automatic += 1
        if trigger == .probe { probe += 1 }
    }

    static func + (a: NativeWhatIfCounts, b: NativeWhatIfCounts) -> NativeWhatIfCounts {
        NativeWhatIfCounts(automatic: a.automatic + b.automatic, probe: a.probe + b.probe)
    }
}

/// One native log replayed twice at once, record by record: as v1 and under a retry variant,
/// with the same settings otherwise. Every decision counts, those its timers make after the
/// last record included, as `native` prints them.
public struct NativeWhatIfRecording: Equatable, Sendable {
    public var path: String
    public var variant: RetryVariant
    public var platform: Platform
    public var v1: NativeWhatIfCounts
    public var withVariant: NativeWhatIfCounts

    public var changed: Bool { v1 != withVariant }

    public init(path: String, variant: RetryVariant, platform: Platform, v1: NativeWhatIfCounts, withVariant: NativeWhatIfCounts) {
        self.path = path
        self.variant = variant
        self.platform = platform
        self.v1 = v1
        self.withVariant = withVariant
    }

    /// Reads the log behind `reader` to its end through both policies; `config` gives the
    /// settings (its own variant is set aside: the comparison is always with v1).
    public static func analyze(
        _ reader: NativeRecordingReader, config: NativeConfig = NativeConfig(),
        variant: RetryVariant
    ) throws -> NativeWhatIfRecording {
        var base = config
        base.variant = nil
        guard try reader.next() != nil else {
            return NativeWhatIfRecording(
                path: reader.path, variant: variant, platform: base.settings(recorded: nil).platform,
                v1: .init(), withVariant: .init())
        }
        let settings = base.settings(recorded: reader.meta?.platform)
        var variantSettings = settings
        variantSettings.variants = [variant]
        var v1 = RetryPolicy(settings: settings), other = RetryPolicy(settings: variantSettings)
        var counts = (v1: NativeWhatIfCounts(), variant: NativeWhatIfCounts())
        var output: [Decision] = []
        while let record = try reader.next() {
            v1.feed(record, into: &output)
            for decision in output { counts.v1.note(decision) }
            output.removeAll(keepingCapacity: true)
            other.feed(record, into: &output)
            for decision in output { counts.variant.note(decision) }
            output.removeAll(keepingCapacity: true)
        }
        v1.finish(into: &output)
        for decision in output { counts.v1.note(decision) }
        output.removeAll()
        other.finish(into: &output)
        for decision in output { counts.variant.note(decision) }
        return NativeWhatIfRecording(
            path: reader.path, variant: variant, platform: settings.platform,
            v1: counts.v1, withVariant: counts.variant)
    }
}

/// One file of a native `whatif` run.
public typealias NativeWhatIfFile = FleetFile<NativeWhatIfOutcome>

public enum NativeWhatIfOutcome: FleetOutcome {
    case compared(NativeWhatIfRecording)
    /// A web recording: it has no retry policy.
    case web
    case failed(RecordingError)

    public var failure: RecordingError? { if case .failed(let error) = self { error } else { nil } }
}

/// `whatif --variant probe-once` over many logs, combined in path order.
public struct NativeWhatIfFleet: Equatable, Sendable {
    public var variant: RetryVariant
    public var files: [NativeWhatIfFile]

    public init(variant: RetryVariant, files: [NativeWhatIfFile]) {
        self.variant = variant
        self.files = files
    }

    public static func analyze(
        _ paths: [String], config: NativeConfig = NativeConfig(), variant: RetryVariant,
        lenient: Bool = false, jobs: Int = 1
    ) -> NativeWhatIfFleet {
        NativeWhatIfFleet(
            variant: variant,
            files: inParallel(paths, jobs: jobs) {
                analyzeFile($0, config: config, variant: variant, lenient: lenient)
            })
    }

    public static func analyzeFile(_ path: String, config: NativeConfig, variant: RetryVariant, lenient: Bool) -> NativeWhatIfFile {
        var warnings: [RecordingError] = []
        do {
            if try !isNativeRecording(path: path) { return NativeWhatIfFile(path: path, outcome: .web) }
            let reader = try NativeRecordingReader(path: path, lenient: lenient) { skipped in
                if warnings.count < StatsFile.maxWarnings { warnings.append(skipped) }
            }
            let recording = try NativeWhatIfRecording.analyze(reader, config: config, variant: variant)
            return NativeWhatIfFile(path: path, outcome: .compared(recording), warnings: warnings)
        } catch let error as RecordingError {
            return NativeWhatIfFile(path: path, outcome: .failed(error), warnings: warnings)
        } catch {
            return NativeWhatIfFile(
                path: path, outcome: .failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")),
                warnings: warnings)
        }
    }

    public var recordings: [NativeWhatIfRecording] {
        files.compactMap { if case .compared(let recording) = $0.outcome { return recording } else { return nil } }
    }

    public var changed: [NativeWhatIfRecording] { recordings.filter(\.changed) }
    public var webs: Int { files.filter { $0.outcome == .web }.count }

    public var failures: [RecordingError] { files.failures() }

    /// Every log's counts together.
    public var totals: (v1: NativeWhatIfCounts, variant: NativeWhatIfCounts) {
        recordings.reduce((NativeWhatIfCounts(), NativeWhatIfCounts())) { ($0.0 + $1.v1, $0.1 + $1.withVariant) }
    }
}
