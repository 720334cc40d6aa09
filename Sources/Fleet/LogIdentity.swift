import AppSession
import TurboRecording

/// What a log says of itself (recording-format.md, field identity): the release that wrote
/// it, its session, where it ran and when it started, and, for an app's log, the pages'
/// sessions it names (`web-session`). `stats --by` groups logs by it and `stats --per-log`
/// writes it beside each log's figures; nothing else in a report depends on it.
package struct LogIdentity: Equatable, Sendable {
    /// `meta.app`.
    package var app: AppRelease?
    /// `meta.session`: a web recording's tab session, an app log's own id.
    package var session: String?
    /// An app log's `meta.platform` (`ios`, `android`); a web recording's `meta.source` (the
    /// browser the recorder ran in, `chromium`, `webkit`…).
    package var platform: String?
    /// `meta.startedAt`, as written.
    package var startedAt: String?
    /// An app log's `web-session` records: the distinct sessions they name, in the order first
    /// named, at most `NativeSummary.maxWebSessions` (a log rotated many times names one, a log
    /// of many pages a few).
    package var webSessions: [String] = []

    package init(app: AppRelease? = nil, session: String? = nil, platform: String? = nil, startedAt: String? = nil, webSessions: [String] = []) {
        self.app = app
        self.session = session
        self.platform = platform
        self.startedAt = startedAt
        self.webSessions = webSessions
    }

    /// A web recording's, from its `meta`.
    package init(web meta: Meta?) {
        self.init(app: meta?.app, session: meta?.session, platform: meta?.source, startedAt: meta?.startedAt)
    }

    /// An app log's, from its `meta` and the sessions its `web-session` records name.
    package init(native meta: NativeMeta?, webSessions: [String]) {
        self.init(
            app: meta?.app, session: meta?.session, platform: meta?.platform?.rawValue, startedAt: meta?.startedAt,
            webSessions: webSessions)
    }

    /// The UTC date (`YYYY-MM-DD`) of `startedAt`; `nil` when the log has none, or one not in
    /// the form the recorders write (`2026-12-01T10:00:00.000Z`).
    package var day: String? {
        guard let startedAt, let ms = StartedAt.milliseconds(startedAt) else { return nil }
        return StartedAt.date(days: ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000)
    }
}

/// `stats --by`: what a fleet's logs are grouped by. A log that does not say is in the
/// `unknown` group (`nil` key), never dropped.
package enum StatsGrouping: String, CaseIterable, Equatable, Sendable {
    /// `meta.app.version` (the build is not part of the key: one release, its builds together).
    case appVersion = "app-version"
    /// `LogIdentity.platform`.
    case platform
    /// The UTC date of `meta.startedAt`.
    case day

    /// The key of a log that says it, `nil` for one that does not.
    package func key(_ identity: LogIdentity?) -> String? {
        guard let identity else { return nil }
        switch self {
        case .appVersion: return identity.app?.version
        case .platform: return identity.platform
        case .day: return identity.day
        }
    }

    /// The key of `file`: a log not read (or empty) says nothing, so it is in `unknown`.
    package func key(of file: StatsFile) -> String? { key(file.identity) }

    /// What a log without the key lacks, for the report's `unknown` group.
    package var missing: String {
        switch self {
        case .appVersion: return "no meta.app.version"
        case .platform: return "no meta.platform (app log) or meta.source (web recording)"
        case .day: return "no meta.startedAt in the recorders' form"
        }
    }
}

extension FleetFile where Result == StatsOutcome {
    /// What the log says of itself; `nil` for a log not read, or empty.
    package var identity: LogIdentity? {
        switch outcome {
        case .read(let summary): return summary.identity
        case .native(let summary): return summary.identity
        case .failed, .empty: return nil
        }
    }
}
