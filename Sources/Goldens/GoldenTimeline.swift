import ArchiveCachePolicy
import Foundation
import LaunchPolicy
import OfflineBanner
import PolicyRegistry
import Replay
import TurboRecording

/// One timeline a recording is checked for: the policy it replays (its golden's name, when that
/// golden must exist, its time keys: `PolicyDescription`), and how the timeline is replayed.
/// A web recording has the banner's and the app session's; a native one, one per policy that
/// reads native logs. The policies come from the registry: a new one is a `PolicyDescription`
/// and its case in `replay(of:)`, which the compiler asks for.
package struct GoldenTimeline: Sendable {
    package let policy: PolicyDescription
    /// The canonical timeline, each record handed to `emit` as one JSON line (no newline) as
    /// the replay decides it; `false`, with nothing emitted, when it does not apply to this
    /// recording (read from `recording`, configured by `config` when that file exists).
    let replay: Replayer

    /// `maxOpenViews`: `check --max-open-views`, for the timelines that replay the retry policy.
    package typealias Replayer =
        @Sendable (_ recording: String, _ config: String?, _ maxOpenViews: Int?, _ emit: (_ line: [UInt8]) throws -> Void) throws -> Bool

    /// "" for the recording's first timeline (`NAME.expected.jsonl`), else the part of the
    /// golden's name that says which (`NAME.launch.expected.jsonl`).
    package var name: String { policy.goldenSuffix }
    /// The first timeline's golden must exist, even empty. Another's only once its timeline
    /// has something in it: a recording with nothing for a policy needs no golden for it.
    package var alwaysRequired: Bool { policy.goldenAlwaysRequired }

    package init(_ policy: PolicyDescription, replay: @escaping Replayer) {
        self.policy = policy
        self.replay = replay
    }

    /// The golden of this timeline for `recording`.
    package func golden(for recording: String) -> String {
        GoldenNames.golden(of: recording, part: name.isEmpty ? nil : name)
    }

    /// The timelines a recording of `kind` is checked for, in the registry's order.
    package static func all(for kind: RecordingKind) -> [GoldenTimeline] {
        PolicyDescription.all.filter { $0.goldenBeside == kind }.map { of($0.id) }
    }

    /// The timeline of the policy `id`.
    package static func of(_ id: PolicyID) -> GoldenTimeline {
        switch id {
        case .banner: return .banner
        case .errorView: return .errorView
        case .launch: return .launch
        case .archive: return .archive
        case .session: return .session
        }
    }

    /// The banner's timeline (offline-banner.md), with `NAME.config.json`'s copy and timings.
    package static let banner = GoldenTimeline(.banner) { recording, config, _, emit in
        try bannerTimeline(recording, config: config, adding: nil, emit: emit)
        return true
    }

    /// The error view's decisions (native-error-policy.md), with `NAME.config.json`'s settings.
    package static let errorView = GoldenTimeline(.errorView) { recording, config, maxOpenViews, emit in
        try errorViewTimeline(recording, config: config, adding: nil, maxOpenViews: maxOpenViews, emit: emit)
        return true
    }

    /// The root screen's timeline (launch-policy.md), `NAME.launch.expected.jsonl`, with
    /// `NAME.config.json`'s settings. Required once the recording has a launch in it.
    package static let launch = GoldenTimeline(.launch) { recording, config, _, emit in
        let native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
        try replayLaunch(NativeRecordingReader(path: recording), config: native) { try emit(Array($0.jsonLine.utf8)) }
        return true
    }

    /// The web-archive cache's decisions (archive-cache-policy.md), with `NAME.config.json`'s
    /// `"archive"` settings: `NAME.archive.expected.jsonl`. It does not apply to an Android recording.
    package static let archive = GoldenTimeline(.archive) { recording, config, _, emit in
        let native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
        return try replayArchive(path: recording, config: native) { try emit(Array($0.jsonLine.utf8)) }
    }
}
