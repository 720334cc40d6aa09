import BannerFindings
import Fleet
import LaunchPolicy
import NativeFindings
import PolicyCore
import VariantAnalysis

/// The launch timeline as a table for a person: when, the screen (or the decision), and why.
package enum LaunchTextTimeline {
    /// Said by `launch` on a log with no `launch` record: there was no launch to decide.
    package static func noLaunch(_ path: String) -> String {
        "no launch records in \(terminalSafe(path)): the launch policy had nothing to decide "
            + "(an app logs {\"t\":…,\"type\":\"launch\",\"cold\":true} as its process starts)"
    }

    package static let header = "      t (ms)  screen      detail"

    /// "ios: stall 10000 ms": the settings line above the timeline.
    package static func settings(_ settings: LaunchSettings) -> String {
        "\(settings.platform.rawValue): stall \(formatMilliseconds(settings.stall)) ms"
    }

    package static func row(_ record: LaunchRecord) -> String {
        let (what, detail): (String, String)
        switch record {
        case .screen(let change):
            what = change.screen.rawValue
            switch change.cause {
            case .launch where change.screen == .offseason:
                detail = "launch: a new root; offseason, and this user is not a tester"
            case .launch:
                detail = "launch: a new root; the first page loads behind the loading screen"
            case .config where change.screen == .offseason:
                detail = "config: offseason, and this user is not a tester: sent out"
            case .config where change.screen == .web:
                detail = "config: the flag lifted; the page was ready behind it"
            case .config:
                detail = "config: the flag lifted; the page is still loading"
            case .pageLoad:
                detail = "page-load connect: the page is ready; crossfade to the web view"
            case .presented(let surface, let view):
                detail = "presented on \(terminalSafe(surface)): a first visit failed (\(view.rawValue) view); the root error screen shows it"
            }
        case .launch(let decision):
            what = decision.outcome.rawValue
            switch decision.outcome {
            case .ready:
                detail = "\(formatMilliseconds(decision.launchMs)) ms from the launch to the web view"
            case .stalled:
                detail = "\(formatMilliseconds(decision.launchMs)) ms since the launch on the loading screen, with neither a page nor an error"
            }
        }
        return "\(time(record.t))  \(what.padded(10))  \(detail)"
    }

    private static func time(_ t: Double) -> String {
        let text = formatMilliseconds(t)
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
}
