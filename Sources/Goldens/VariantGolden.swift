import Foundation
import NativeErrorPolicy
import OfflineBanner
import Replay
import TurboRecording

/// The golden convention under a variant (`check --variant NAME`). A variant changes the
/// banner's timeline of few recordings, so only those carry a golden of their own:
///
/// * `NAME.<variant>.expected.jsonl` beside the recording, when it exists, is what the
///   variant must replay;
/// * otherwise the variant must change nothing: it is held to v1's `NAME.expected.jsonl`;
/// * `--update` writes `NAME.<variant>.expected.jsonl` only where the variant's timeline
///   differs from v1's golden (and keeps an existing one up to date).
///
/// A recording whose `NAME.config.json` names a variant is replayed under it, with or without
/// `--variant`: its `NAME.expected.jsonl` is that variant's timeline. Native recordings have
/// no banner, so they are checked as always.
extension GoldenCase {
    /// The golden of this recording's banner timeline under `variant`.
    package func golden(for variant: BannerVariant) -> String {
        GoldenNames.golden(of: recording, part: variant.name)
    }

    /// Replays the recording with `variant` added to its settings and compares the banner's
    /// timeline as the convention says; a native recording is checked as `check(update:)` does.
    /// Times match within `tolerance` (or the config's `toleranceMs`), as in `check(update:tolerance:)`.
    package func check(update: Bool = false, variant: BannerVariant?, tolerance: Tolerance = .exact) -> [GoldenCheck] {
        guard let variant else { return check(update: update, tolerance: tolerance) }
        let config: String?
        let resolved: Tolerance
        do {
            if try RecordingKind.of(path: recording) == .native { return check(update: update, tolerance: tolerance) }
            config = try Self.beside(self.config)
            resolved = try resolvedTolerance(tolerance, config: config)
        } catch {
            return [GoldenCheck(golden: golden, result: .unreadable(recordingError(error, path: recording)))]
        }
        let own = golden(for: variant)
        let recording = self.recording
        let source: TimelineSource = { emit in
            try bannerTimeline(recording, config: config, adding: variant, emit: emit)
            return true
        }
        if RecordingFiles.exists(own) {
            return [GoldenCheck(golden: own, result: compare(source, with: own, update: update, tolerance: resolved)!)]
        }
        // A recording that cannot be read is that failure, before any golden is looked at.
        var added = AddedLines()
        do {
            _ = try source { added.add($0) }
        } catch {
            return [GoldenCheck(golden: own, result: .unreadable(recordingError(error, path: recording)))]
        }
        guard RecordingFiles.exists(golden) else {
            // Without v1's golden there is nothing to say the variant changed: that one comes first.
            return [GoldenCheck(golden: golden, result: .missingGolden)]
        }
        let sameAsV1 = compare(source, with: golden, update: false, tolerance: resolved)!
        guard update, case .mismatch = sameAsV1 else {
            return [GoldenCheck(golden: golden, result: sameAsV1, missingVariantGolden: own)]
        }
        return [GoldenCheck(golden: own, result: write(source, to: own, created: true, diff: added.text))]
    }
}

/// The banner's canonical timeline of a web recording, each record handed to `emit` as one
/// JSON line, with `config`'s copy, timings and variant, and `variant` added to them.
func bannerTimeline(
    _ recording: String, config: String?, adding variant: BannerVariant?,
    emit: (_ line: [UInt8]) throws -> Void
) throws {
    var settings = try config.map { try BannerConfig.load(path: $0).settings() } ?? BannerSettings()
    if let variant { settings.variants.insert(variant) }
    var line: [UInt8] = []
    try Replay.replay(RecordingReader(path: recording, keepObserved: false), settings: settings) { record in
        line.removeAll(keepingCapacity: true)
        record.appendJSON(to: &line)
        try emit(line)
    }
}

/// A variant a golden check can run under: the banner's (web recordings) or the error view's
/// retry policy's (native recordings). Both kinds share one namespace of names, so that
/// `check --variant NAME` needs no second option.
package enum GoldenVariant: Hashable, Sendable {
    case banner(BannerVariant)
    case retry(RetryVariant)

    package var name: String {
        switch self {
        case .banner(let variant): return variant.name
        case .retry(let variant): return variant.name
        }
    }

    /// The variant called `name`, of either kind.
    package init?(name: String) {
        if let banner = BannerVariant(name: name) {
            self = .banner(banner)
        } else if let retry = RetryVariant(name: name) {
            self = .retry(retry)
        } else {
            return nil
        }
    }

    /// Every variant's name, the banner's first.
    package static var allNames: [String] { BannerVariant.allCases.map(\.name) + RetryVariant.allCases.map(\.name) }
}

extension GoldenCase {
    /// The golden of this recording's error-view decisions under `variant`.
    package func golden(for variant: RetryVariant) -> String {
        GoldenNames.golden(of: recording, part: variant.name)
    }

    /// `check(update:variant:)` for a variant of either kind: a banner variant changes web
    /// recordings only, a retry variant native ones only; every other recording is checked as
    /// always.
    package func check(update: Bool = false, variant: GoldenVariant?) -> [GoldenCheck] {
        switch variant {
        case nil: return check(update: update)
        case .banner(let banner)?: return check(update: update, variant: banner)
        case .retry(let retry)?: return check(update: update, retryVariant: retry)
        }
    }

    /// The golden convention under a variant of the retry policy, for a native recording: its
    /// decisions under the variant are held to `NAME.<variant>.expected.jsonl` when that file
    /// exists, else to v1's `NAME.expected.jsonl` (the variant must then change nothing);
    /// `--update` writes the variant's golden only where it differs from v1's. The launch's and
    /// the archive's timelines do not read the retry policy and are checked as always. A web
    /// recording is checked as `check(update:)` does.
    package func check(update: Bool = false, retryVariant variant: RetryVariant) -> [GoldenCheck] {
        do {
            if try RecordingKind.of(path: recording) == .web { return check(update: update) }
        } catch {
            return [GoldenCheck(golden: golden, result: .unreadable(recordingError(error, path: recording)))]
        }
        let others = check(update: update).filter { $0.golden != golden }
        let own = golden(for: variant)
        let recording = self.recording
        let config: String?
        do {
            config = try Self.beside(self.config)
        } catch {
            return [GoldenCheck(golden: own, result: .unreadable(recordingError(error, path: self.config)))] + others
        }
        let source: TimelineSource = { [maxOpenViews] emit in
            try errorViewTimeline(recording, config: config, adding: variant, maxOpenViews: maxOpenViews, emit: emit)
            return true
        }
        if RecordingFiles.exists(own) {
            return [GoldenCheck(golden: own, result: compare(source, with: own, update: update)!)] + others
        }
        // A recording that cannot be read is that failure, before any golden is looked at.
        do {
            _ = try source { _ in }
        } catch {
            return [GoldenCheck(golden: own, result: .unreadable(recordingError(error, path: recording)))]
        }
        guard RecordingFiles.exists(golden) else {
            return [GoldenCheck(golden: golden, result: .missingGolden)] + others
        }
        let sameAsV1 = compare(source, with: golden, update: false)!
        guard update, case .mismatch = sameAsV1 else {
            return [GoldenCheck(golden: golden, result: sameAsV1, missingVariantGolden: own)] + others
        }
        return [GoldenCheck(golden: own, result: write(source, to: own, created: true, diff: ""))] + others
    }
}

/// The error view's canonical decisions of a native recording under `variant`, each handed to
/// `emit` as one JSON line, with `config`'s settings and variant, and `variant` added to them.
/// (Without a variant, the golden check replays it as its description says, `GoldenTimeline`.)
func errorViewTimeline(
    _ recording: String, config: String?, adding variant: RetryVariant, maxOpenViews: Int?,
    emit: (_ line: [UInt8]) throws -> Void
) throws {
    var native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
    native.variant = variant
    if let maxOpenViews { native.maxOpenViews = maxOpenViews }
    try replayNative(NativeRecordingReader(path: recording), config: native) { try emit(Array($0.jsonLine.utf8)) }
}
