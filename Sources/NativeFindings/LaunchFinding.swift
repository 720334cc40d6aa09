import LaunchPolicy
import PolicyCore
import Replay

/// The launch's findings, with their levels and their rows of docs/launch.md; read by the
/// policies' registry (`PolicyDescription.launch`). `LaunchFinding` holds one with its evidence.
package enum LaunchFindingKind: String, CaseIterable, Comparable, Sendable {
    /// The loading screen stayed up for the stall time with neither a page nor an error.
    case stalled
    /// The app's own `app-screen` log disagreed with the policy for longer than the tolerance.
    case screenMismatch = "screen-mismatch"
    /// The mismatch that matters most: the app still on `loading` while the policy says
    /// `error` — an error view the user cannot see.
    case errorBehindLoading = "error-behind-loading"

    /// Each is a user looking at the wrong root screen: a loading screen that never ends, a
    /// screen the policy would not show, an error the user cannot see.
    package var level: FindingLevel { .warning }

    /// Its row of docs/launch.md's table, after the id: its level and why, when it fires, what to do.
    package var docs: [String] {
        switch self {
        case .stalled:
            return [
                "warning: the user waited on a loading screen that never ended",
                "the stall timer fired: the loading screen was up for `stallMs` with neither a page nor an error",
                "make sure the first page carries the `page-load` bridge component and that it sends `connect`; make sure a failed first visit is presented",
            ]
        case .screenMismatch:
            return [
                "warning: the user saw a root screen the policy would not show",
                "the app's own `app-screen` log disagreed with the policy for more than `--tolerance-ms` (default 500)",
                "the sentence names the pair: a late crossfade, a web view shown before its page was ready, an offseason flag not applied, …",
            ]
        case .errorBehindLoading:
            return [
                "warning: the user could not see the error",
                "the mismatch that matters most: the app still on `loading` when the policy raised the error screen",
                "the user cannot see the error view (it is in the transparent container): show a root-level error screen",
            ]
        }
    }

    /// As every list of findings needs it.
    package var finding: FindingDescription { FindingDescription(id: rawValue, level: level, docs: docs) }

    package static func < (a: LaunchFindingKind, b: LaunchFindingKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A pattern in a native log's launch that a developer should look at: what it is (`kind`, a
/// stable id), when it began, the records (line numbers) it rests on, and what to do about it.
package struct LaunchFinding: Equatable, Sendable {
    package typealias Kind = LaunchFindingKind

    package enum Detail: Equatable, Sendable {
        /// A stall: when its launch began, and its due time minus that.
        case stalled(launchedAt: Double, launchMs: Double)
        /// The app's and the policy's screens when the mismatch began; when it ended (`nil`:
        /// still open at the end of the log) and how long it lasted.
        case mismatch(app: String, policy: RootScreen, until: Double?, ms: Double)
    }

    /// The stall's due time, or when the mismatch began.
    package var t: Double
    package var kind: Kind
    /// The records it rests on: a stall's launch (and the config that put the loading screen
    /// up again, if one did); the records after which a mismatch began and ended.
    package var lines: [Int]
    package var detail: Detail
    /// Its kind's level, unless a config's rule gave it another (`FindingRules`).
    package var level: FindingLevel

    package init(t: Double, kind: Kind, lines: [Int], detail: Detail) {
        level = kind.level
        self.t = t
        self.kind = kind
        self.lines = lines
        self.detail = detail
    }

    /// What it means and what to do, in a sentence or two a developer can act on.
    package var sentence: String {
        let ms = formatMilliseconds
        let at = lines.first.map { " (line \($0))" } ?? ""
        switch detail {
        case .stalled(let launchedAt, let launchMs):
            let restarted = lines.count > 1 ? ", the loading screen up again since line \(lines[1])" : ""
            return "The loading screen was still up \(ms(launchMs)) ms after the launch at \(ms(launchedAt))\(at)\(restarted), "
                + "with neither a page nor an error. Check that the first page carries the page-load bridge component and "
                + "that it sends connect, and that a failed first visit is presented (it raises the root error screen)."
        case .mismatch(let app, let policy, let until, let duration):
            let span = until.map { "until \(ms($0))" } ?? "until the end of the log"
            let head = "The app showed \(app) while the launch policy says \(policy.rawValue), for \(ms(duration)) ms (\(span)). "
            if kind == .errorBehindLoading {
                return "A first visit failed\(at) while the loading screen was up, and the app stayed on loading for "
                    + "\(ms(duration)) ms (\(span)): the framework's error view sits inside the transparent web-view container, "
                    + "so the user saw a loading screen, not the error. Show a root-level error screen when a visit fails "
                    + "while the loading screen is up."
            }
            switch (app, policy) {
            case ("loading", .web):
                return head + "The crossfade came late: switch the root to the web view as soon as page-load sends connect\(at)."
            case ("web", .loading):
                return head + "The app showed the web view before its page was ready: wait for page-load's connect, "
                    + "or the user sees a blank or half-styled page."
            case (_, .offseason):
                return head + "The offseason flag\(at) gates this user out, but the app did not show the offseason screen: "
                    + "apply config changes to the root, mid-session too."
            case ("offseason", _):
                return head + "The app kept the offseason screen after the flag lifted, or for a tester: re-evaluate the "
                    + "root whenever config changes."
            default:
                return head + "Log app-screen where the root is switched, and hold the root view model to LaunchPolicy in a test."
            }
        }
    }
}

extension LaunchFinding: CustomStringConvertible {
    /// A finding as one JSON line: `t`, `finding`, `level`, `lines`, its details, then `message`.
    ///
    ///     {"t":80000,"finding":"stalled","level":"warning","lines":[9],"launchedAt":70000,"launchMs":10000,"message":"…"}
    ///     {"t":1840.5,"finding":"screen-mismatch","level":"warning","lines":[4,5],"app":"loading","policy":"web","until":2950,"ms":1109.5,"message":"…"}
    package var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("finding", kind.rawValue)
        line.string("level", level.rawValue)
        line.raw("lines", "[" + lines.map(String.init).joined(separator: ",") + "]")
        switch detail {
        case .stalled(let launchedAt, let launchMs):
            line.number("launchedAt", launchedAt)
            line.number("launchMs", launchMs)
        case .mismatch(let app, let policy, let until, let ms):
            line.string("app", app)
            line.string("policy", policy.rawValue)
            if let until { line.number("until", until) } else { line.null("until") }
            line.number("ms", ms)
        }
        line.string("message", sentence)
        return line.text
    }

    package var description: String { jsonLine }
}
