import ArchiveCachePolicy
import NativeErrorPolicy
import PolicyCore
import Replay

/// Why a −1009 visit found no archive (archive-cache-policy.md, "Findings"), in the order the
/// contract decides it.
package enum MissReason: String, CaseIterable, Equatable, Hashable, Sendable {
    /// No earlier `finish` or `url-change` had this key: the user never opened the page.
    case neverVisited = "never-visited"
    /// The key was captured at some time and is gone now: a clear or a remove took it.
    case removed
    /// Visited but never captured: its URL changes were superseded within the debounce (or cut
    /// short by a launch), or its scheme was not http.
    case notCaptured = "not-captured"
}

/// The web-archive cache's findings, with their levels and their rows of docs/archive-cache.md;
/// read by the policies' registry (`PolicyDescription.archive`). `ArchiveFinding` holds one with
/// its evidence.
package enum ArchiveFindingKind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// A `miss`: the user saw "Not available offline" and was sent back.
    case offlineMiss = "offline-miss"
    /// A `passed` with `cached` true: the page was on disk, yet an offline failure other
    /// than −1009 showed the error view.
    case notIntercepted = "not-intercepted"
    /// A `served` older than `staleMs`: the user read an old page without being told how old.
    case staleArchive = "stale-archive"

    package var level: FindingLevel {
        switch self {
        // The toast and back is the cache's designed answer to a page it does not hold.
        case .offlineMiss: return .info
        // A page on disk the user could not read, or read without knowing its age.
        case .notIntercepted, .staleArchive: return .warning
        }
    }

    /// Its row of docs/archive-cache.md's table, after the id: its level and why, when, why it matters.
    package var docs: [String] {
        switch self {
        case .offlineMiss:
            return [
                "info: the toast and back is the cache's designed answer to a page it does not hold", "a miss",
                """
                the user got a toast instead of a page. A fleet's count of them says what the cache cannot save; a `removed` or \
                `not-captured` one that keeps coming back is worth a look at the clears or the debounce. `reason`: `never-visited` \
                (no earlier `finish` or `url-change` had this key), else `removed` (the key was captured once, so a clear, a remove \
                or the `maxArchives` bound took it), else `not-captured` (visited but never captured: each URL change was superseded \
                within the debounce or cut short by a launch, or the scheme is not http)
                """,
            ]
        case .notIntercepted:
            return [
                "warning: a page on disk the user could not read", "a passed failure on a page the cache held",
                "the page was on disk, but a timeout in a tunnel or a dropped connection still showed the error view",
            ]
        case .staleArchive:
            return [
                "warning: fix it by telling the user how old the page is", "a served archive older than `staleMs` (24 h)",
                "the user read an old page and was not told how old",
            ]
        }
    }

    /// As every list of findings needs it.
    package var finding: FindingDescription { FindingDescription(id: rawValue, level: level, docs: docs) }
}

/// A pattern in a native log a team should look at, about the web-archive cache.
package struct ArchiveFinding: Equatable, Sendable {
    package typealias Kind = ArchiveFindingKind

    package enum Detail: Equatable, Sendable {
        case offlineMiss(MissReason)
        /// The failure the cache let through, and when the page it held was captured.
        case notIntercepted(WebFailure, capturedAt: Double)
        /// The archive's age, and the setting it is over.
        case staleArchive(ageMs: Double, staleMs: Double)
    }

    /// The `presented` record's time and line.
    package var t: Double
    package var line: Int
    /// The URL as recorded.
    package var url: String
    package var key: String
    package var detail: Detail

    /// Its kind's level, unless a config's `findings` rule gives it another.
    package var level: FindingLevel

    package init(t: Double, line: Int, url: String, key: String, detail: Detail) {
        self.t = t
        self.line = line
        self.url = url
        self.key = key
        self.detail = detail
        level = Self.kind(of: detail).level
    }

    /// What it means, in a sentence: the text row's detail, and the JSON line's `message`.
    package var message: String {
        switch detail {
        case .offlineMiss(.neverVisited):
            return "never-visited: no earlier finish or url-change had \(key); a page must be visited to be cached"
        case .offlineMiss(.removed):
            return "removed: \(key) was captured, then a clear or a remove took it"
        case .offlineMiss(.notCaptured):
            return "not-captured: \(key) was visited but never captured "
                + "(its URL changes were superseded within the debounce or cut short by a launch, or its scheme is not http)"
        case .notIntercepted(let failure, let capturedAt):
            let name: String
            switch failure {
            case .code(let code): name = code < 0 ? "−\(-code)" : String(code)
            case .turbo(let turbo): name = "Turbo \(turbo.rawValue)"
            }
            return "the cache held \(key) (captured at \(formatMilliseconds(capturedAt))), but \(name) is not −1009: the error view showed"
        case .staleArchive(let ageMs, let staleMs):
            return "served \(key) \(formatMilliseconds(ageMs)) ms old, over \(formatMilliseconds(staleMs)) ms: "
                + "an old page, and the user was not told how old"
        }
    }

    package var kind: Kind { Self.kind(of: detail) }

    private static func kind(of detail: Detail) -> Kind {
        switch detail {
        case .offlineMiss: return .offlineMiss
        case .notIntercepted: return .notIntercepted
        case .staleArchive: return .staleArchive
        }
    }
}

extension ArchiveFinding: CustomStringConvertible {
    /// A finding as one JSON line: `t`, `finding`, `level`, `line`, `url`, `key`, then its details.
    package var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("finding", kind.rawValue)
        line.string("level", level.rawValue)
        line.integer("line", self.line)
        line.string("url", url)
        line.string("key", key)
        switch detail {
        case .offlineMiss(let reason):
            line.string("reason", reason.rawValue)
        case .notIntercepted(let failure, let capturedAt):
            switch failure {
            case .code(let code): line.integer("code", code)
            case .turbo(let turbo): line.string("turbo", turbo.rawValue)
            }
            line.number("capturedAt", capturedAt)
        case .staleArchive(let ageMs, let staleMs):
            line.number("ageMs", ageMs)
            line.number("staleMs", staleMs)
        }
        line.string("message", message)
        return line.text
    }

    package var description: String { jsonLine }
}
