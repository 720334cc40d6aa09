import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// A pattern in a field log that a developer should look at: what it is (`kind`, a stable
/// id), when it happened, the records (line numbers) it rests on, and what it means.
package struct BannerFinding: Equatable, Sendable {
    package typealias Kind = BannerFindingKind

    /// The request behind an `online-lied`: a failed fetch, or a submission that ended with no response.
    package struct FailedRequest: Equatable, Sendable {
        /// `turbo:fetch-request-error` or `turbo:submit-end`.
        package var via: String
        package var target: String?
        package var method: String?
        /// The fetch's `url`, or the submission's `action`.
        package var url: String?
        package var error: String?

        package init(via: String, target: String? = nil, method: String? = nil, url: String? = nil, error: String? = nil) {
            self.via = via
            self.target = target
            self.method = method
            self.url = url
            self.error = error
        }
    }

    package enum Detail: Equatable, Sendable {
        /// `onlineSince`: when `navigator.onLine` was last seen true (`nil`: assumed, never seen).
        case onlineLied(request: FailedRequest, onlineSince: Double?)
        /// The pill went up at `raisedAt` by `raisedBy`; the first response (`evidence`, a record
        /// type) came at the finding's `t`; `responses` arrived in all while it was up; it came
        /// down at `until` by `clearedBy`, or was still up when the recording ended (`clearedBy` nil).
        /// `navigatorOnline`: what `navigator.onLine` said when the response came.
        case stalePill(
            raisedAt: Double, raisedBy: BannerCause, evidence: String, responses: Int,
            until: Double, clearedBy: BannerCause?, navigatorOnline: Bool)
        /// `navigator.onLine` was false for `downMs`, less than the `debounceMs` debounce.
        case flapSuppressed(downMs: Double, debounceMs: Double)
        /// The link prefetch that failed, and the pill's text after it.
        case prefetchPill(target: String, url: String?, label: String, relabelled: Bool)
        /// The Visit Turbo gave up on, when the log says which.
        case reloadOffline(url: String?)
        /// The toast's submit-failed `label`, shown on the pill from the finding's `t`, was replaced
        /// at `replacedAt` by `relabelledTo` when `request` failed, the pill staying up.
        case relabelledToast(label: String, replacedAt: Double, relabelledTo: String, request: FailedRequest)
        /// An `online` at the finding's `t`, then the page unloaded (`pagehide`, not persisted)
        /// at `unloadAt`, with no `offline` between. `flash`: the `online` started the green
        /// back-online flash.
        case emulatedOnline(unloadAt: Double, flash: Bool)
        /// The first difference of a pill episode between the page's banner and the replay, with
        /// the tolerance it was judged by and the recording's fit.
        case bannerDrift(SeenDifference, tolerance: SeenTolerance, fit: SeenFit)
    }

    package var kind: Kind
    /// Its kind's level, unless a config's rule gave it another (`FindingRules`).
    package var level: FindingLevel
    /// When it happened, in the recording's milliseconds.
    package var t: Double
    /// The records it rests on, as 1-based line numbers in the recording, ascending.
    package var lines: [Int]
    package var detail: Detail

    package init(kind: Kind, t: Double, lines: [Int], detail: Detail) {
        self.kind = kind
        self.level = kind.level
        self.t = t
        self.lines = Array(Set(lines)).sorted()
        self.detail = detail
    }

    /// How long the pill stayed up after the first response, for a `stale-pill`.
    package var staleMs: Double? {
        guard case .stalePill(_, _, _, _, let until, _, _) = detail else { return nil }
        return until - t
    }

    /// One sentence saying what this occurrence means. Recording text is included as is:
    /// whoever prints it escapes it for where it goes.
    package var sentence: String {
        let ms = formatMilliseconds
        switch detail {
        case .onlineLied(let request, let onlineSince):
            var what = request.via == "turbo:submit-end" ? "A form submission" : "A request"
            let parts = [request.target, request.method, request.url].compactMap { $0 }
            if !parts.isEmpty { what += " (\(parts.joined(separator: " ")))" }
            let how = request.via == "turbo:submit-end" ? "ended with no response" : "failed at the network layer"
            let since = onlineSince.map { " (since \(ms($0)))" } ?? " (never said otherwise)"
            return "\(what) \(how) while navigator.onLine was true\(since): dead upstream, captive portal, or a radio with zero throughput."
        case .stalePill(_, _, let evidence, let responses, let until, let clearedBy, let navigatorOnline):
            let more = responses > 1 ? " (\(responses) responses in all)" : ""
            let stayed =
                clearedBy.map { "the pill stayed up \(ms(until - t)) ms more, until \(ms(until)) (\($0.rawValue))" }
                ?? "the pill was still up when the recording ended, \(ms(until - t)) ms later"
            let why =
                !navigatorOnline
                ? "navigator.onLine still said offline while the network worked"
                : clearedBy == .online
                    ? "nothing but an online event could take it down"
                    : "navigator.onLine stayed true, so no online event came to take it down (only online, connect, disconnect or the page unloading can)"
            return "A response (\(evidence)) arrived while the amber pill was up\(more), yet \(stayed): \(why)."
        case .flapSuppressed(let downMs, let debounceMs):
            return "navigator.onLine was false for \(ms(downMs)) ms, less than the \(ms(debounceMs)) ms debounce, so no pill was shown."
        case .prefetchPill(let target, let url, let label, let relabelled):
            let link = url.map { "\(target) (\($0))" } ?? target
            return "A failed hover prefetch of \(link) \(relabelled ? "relabelled" : "raised") the pill “\(label)”, not anything the user did."
        case .reloadOffline(let url):
            let visit = url.map { "a Visit to \($0)" } ?? "a Visit"
            return
                "Turbo gave up on \(visit) (turbo:reload request_failed) and does a full page load; in a native shell the native error screen owns that moment, not the pill."
        case .relabelledToast(let label, let replacedAt, let relabelledTo, let request):
            let parts = [request.target, request.method, request.url].compactMap { $0 }
            let what = "a failed request" + (parts.isEmpty ? "" : " (\(parts.joined(separator: " ")))")
            return "The submit-failed message “\(label)” was on the pill for \(ms(replacedAt - t)) ms: at \(ms(replacedAt)) \(what) "
                + "relabelled the pill “\(relabelledTo)”, so it no longer says the text was kept. The contract does this on purpose; "
                + "if that message matters, show it where a later failure cannot replace it (a toast of its own), or keep it while its pill is up."
        case .bannerDrift(let difference, let tolerance, let fit):
            return [difference.sentence(tolerance: tolerance), fit.sentence].compactMap { $0 }.joined(separator: " ")
        case .emulatedOnline(let unloadAt, let flash):
            let what = flash ? "the back-online flash it started" : "that the network came back"
            return "navigator.onLine came back at \(ms(t)), \(ms(unloadAt - t)) ms before the page unloaded (pagehide at \(ms(unloadAt))): "
                + "a real network rarely returns in the 100 ms before a page unloads, but DevTools' network emulation, lifted as the page "
                + "goes, does. If this log was captured with DevTools, disbelieve \(what); it may be genuine."
        }
    }
}
