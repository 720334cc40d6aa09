import OfflineBanner
import PolicyCore
import TurboRecording

/// The timeline as a table for a person: time, what the user saw, and why. Labels come from
/// config files, which anyone can hand over: shown terminal-safe.
package enum TextTimeline {
    package static let header = "      t (ms)  event         detail"

    package static func row(_ record: TimelineRecord) -> String {
        let time = formatMilliseconds(record.t)
        let padded = String(repeating: " ", count: max(0, 12 - time.count)) + time
        return "\(padded)  \(body(record))"
    }

    /// The row without its time: what the user saw, and why (the session's table reuses it).
    package static func body(_ record: TimelineRecord) -> String {
        switch record {
        case .banner(let change):
            let event = change.banner.rawValue.padded(12)
            let label = change.label.map { "“\(terminalSafe($0))”" } ?? ""
            return "\(event)  \(label.padded(48))  ← \(explanation(change.cause))"
        case .submit(let decision):
            switch decision.outcome {
            case .toast(let label):
                return "\("toast".padded(12))  “\(terminalSafe(label))”"
            case .silent(let reason):
                let detail: String
                switch reason {
                case .success: detail = "submission succeeded"
                case .serverResponse(let status?): detail = "server answered \(status): the page shows it"
                case .serverResponse(nil): detail = "server answered: the page shows it"
                case .disconnected: detail = "controller disconnected: nothing to show it on"
                }
                return "\("silent".padded(12))  \(detail)"
            }
        }
    }

    package static func explanation(_ cause: BannerCause) -> String {
        switch cause {
        case .offline: return "offline for the whole debounce"
        case .online: return "online event"
        case .flashElapsed: return "back-online flash elapsed"
        case .fetchRequestError: return "turbo:fetch-request-error"
        case .submitFailed: return "submission died before any response"
        case .connect: return "page rendered online"
        case .connectOffline: return "page rendered while offline"
        case .disconnect: return "page replaced"
        case .pagehide: return "page unloaded (pagehide)"
        case .response: return "a response arrived (recover-on-response)"
        }
    }
}
