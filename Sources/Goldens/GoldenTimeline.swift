import Foundation
import OfflineBanner
import PolicyRegistry
import Replay
import TurboRecording

/// One timeline a recording is checked for: the policy it replays (its golden's name, when that
/// golden must exist, its time keys: `PolicyDescription`), and how the timeline is replayed.
/// A web recording has the banner's and the app session's; a native one, one per policy that
/// reads native logs. The policies come from the registry, each with how its golden is replayed
/// (`GoldenReplay`), so a new policy of the app's log adds nothing here.
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

    /// The timeline of the policy `id`: a policy of the app's log is replayed as its
    /// description says (`GoldenReplay.native`), with the recording's config and
    /// `--max-open-views` over it; the banner's and the app session's are replayed here.
    package static func of(_ id: PolicyID) -> GoldenTimeline {
        let policy = PolicyDescription.of(id)
        switch policy.golden {
        case .banner: return .banner
        case .session: return .session
        case .native(let timeline):
            return GoldenTimeline(policy) { recording, config, maxOpenViews, emit in
                var native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
                if let maxOpenViews { native.maxOpenViews = maxOpenViews }
                return try timeline(recording, native, emit)
            }
        }
    }

    /// The banner's timeline (offline-banner.md), with `NAME.config.json`'s copy and timings.
    package static let banner = GoldenTimeline(.banner) { recording, config, _, emit in
        try bannerTimeline(recording, config: config, adding: nil, emit: emit)
        return true
    }
}
