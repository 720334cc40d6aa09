import ArchiveCachePolicy
import Foundation
import LaunchPolicy
import OfflineBanner
import Replay
import TurboRecording

/// One timeline a recording is checked for: its golden's name, when that golden must exist,
/// and how the timeline is replayed. A web recording has the banner's; a native one, one per
/// policy that reads native logs. Adding a policy is adding an entry to `all(for:)`.
package struct GoldenTimeline: Sendable {
    /// "" for the recording's first timeline (`NAME.expected.jsonl`), else the part of the
    /// golden's name that says which (`NAME.launch.expected.jsonl`).
    package let name: String
    /// The first timeline's golden must exist, even empty. Another's only once its timeline
    /// has something in it: a recording with nothing for a policy needs no golden for it.
    package let alwaysRequired: Bool
    /// The canonical timeline, each record handed to `emit` as one JSON line (no newline) as
    /// the replay decides it; `false`, with nothing emitted, when it does not apply to this
    /// recording (read from `recording`, configured by `config` when that file exists).
    let replay: @Sendable (_ recording: String, _ config: String?, _ emit: (_ line: [UInt8]) throws -> Void) throws -> Bool

    package init(
        name: String, alwaysRequired: Bool,
        replay:
            @escaping @Sendable (
                _ recording: String, _ config: String?,
                _ emit: (_ line: [UInt8]) throws -> Void
            ) throws -> Bool
    ) {
        self.name = name
        self.alwaysRequired = alwaysRequired
        self.replay = replay
    }

    /// The golden of this timeline for `recording`.
    package func golden(for recording: String) -> String {
        RecordingFiles.stem(recording) + (name.isEmpty ? "" : "." + name) + ".expected.jsonl"
    }

    /// The timelines a recording of `kind` is checked for.
    package static func all(for kind: RecordingKind) -> [GoldenTimeline] {
        switch kind {
        case .web: return [.banner, .session]
        case .native: return [.errorView, .launch, .archive]
        }
    }

    /// The banner's timeline (offline-banner.md), with `NAME.config.json`'s copy and timings.
    package static let banner = GoldenTimeline(name: "", alwaysRequired: true) { recording, config, emit in
        try bannerTimeline(recording, config: config, adding: nil, emit: emit)
        return true
    }

    /// The error view's decisions (native-error-policy.md), with `NAME.config.json`'s settings.
    package static let errorView = GoldenTimeline(name: "", alwaysRequired: true) { recording, config, emit in
        try errorViewTimeline(recording, config: config, adding: nil, emit: emit)
        return true
    }

    /// The root screen's timeline (launch-policy.md), `NAME.launch.expected.jsonl`, with
    /// `NAME.config.json`'s settings. Required once the recording has a launch in it.
    package static let launch = GoldenTimeline(name: "launch", alwaysRequired: false) { recording, config, emit in
        let native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
        try replayLaunch(NativeRecordingReader(path: recording), config: native) { try emit(Array($0.jsonLine.utf8)) }
        return true
    }

    /// The web-archive cache's decisions (archive-cache-policy.md), with `NAME.config.json`'s
    /// `"archive"` settings: `NAME.archive.expected.jsonl`. It does not apply to an Android recording.
    package static let archive = GoldenTimeline(name: "archive", alwaysRequired: false) { recording, config, emit in
        let native = try config.map(NativeConfig.load(path:)) ?? NativeConfig()
        return try replayArchive(path: recording, config: native) { try emit(Array($0.jsonLine.utf8)) }
    }
}
