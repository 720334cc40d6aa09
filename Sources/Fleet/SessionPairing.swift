import Replay
import TurboRecording

/// Which app log `stats` reads with each web recording as one app session: by identity first
/// (an app log among the run's logs whose `web-session` names the recording's `meta.session`,
/// wherever both are), by file name (`NAME.native.jsonl` beside `NAME.jsonl`) only when the app
/// log names no page at all. Built from every log's `LogLink` before any log is read; read-only
/// after, by every worker.
///
/// What it cannot pair is said, never read as one session: an app log whose `web-session`
/// records name no page among the logs (`unfound`), and a pair by name whose app log names
/// other pages (`Decision.refused`).
package struct SessionPairing: Sendable {
    /// A page's session → the first app log (in key order) that names it.
    private var nativeBySession: [String: String] = [:]
    /// Each app log that names pages → the pages it names.
    private var claimsByNative: [String: [String]] = [:]
    /// Every page's session among the logs.
    private var webSessions: Set<String> = []

    package init() {}

    /// One log's link, the logs in key order.
    package mutating func add(_ path: String, _ link: LogLink?) {
        guard let link else { return }
        if link.native {
            guard !link.claims.isEmpty else { return }
            claimsByNative[path] = link.claims
            for claim in link.claims where nativeBySession[claim] == nil { nativeBySession[claim] = path }
        } else if let session = link.session {
            webSessions.insert(session)
        }
    }

    /// Why the app log at `path` is in no session: it names pages, and none is among the logs;
    /// `nil` otherwise.
    package func unfound(native path: String) -> String? {
        guard let claims = claimsByNative[path], !claims.contains(where: webSessions.contains) else { return nil }
        return "its web-session names " + Self.quoted(claims) + ": no recording among the logs has that session"
    }

    /// What a web recording is read with.
    package enum Decision: Equatable, Sendable {
        /// An app log whose `web-session` names the recording's session.
        case identity(native: String)
        /// `NAME.native.jsonl` beside it, which names no page.
        case fileName(native: String)
        /// `NAME.native.jsonl` beside it names other pages: not one session.
        case refused(native: String, reason: String)
        case none
    }

    /// The app log a web recording at `web` with `session` is paired with.
    package func decide(web: String, session: String?) -> Decision {
        if let session, let native = nativeBySession[session] { return .identity(native: native) }
        let beside = RecordingFiles.sessionNative(ofWeb: web)
        guard beside != web, RecordingFiles.isRegularFile(beside) else { return .none }
        // An app log beside it but not among the logs was never scanned: scanned now.
        let claims = claimsByNative[beside] ?? (LogLink.scan(beside)?.claims ?? [])
        if claims.isEmpty { return .fileName(native: beside) }
        if let session, claims.contains(session) { return .identity(native: beside) }
        let mine = session.map { "this recording's session is \"\($0)\"" } ?? "this recording has no session"
        return .refused(native: beside, reason: "\(beside)'s web-session names \(Self.quoted(claims)); \(mine): not one app session")
    }

    private static func quoted(_ ids: [String]) -> String { ids.map { "\"\($0)\"" }.joined(separator: ", ") }
}
