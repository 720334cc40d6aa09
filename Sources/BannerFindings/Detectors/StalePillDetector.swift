import OfflineBanner
import PolicyCore
import Replay

extension BannerFindingKind {
    /// `stale-pill`: the user read a pill that was wrong. Its natural threshold is how long the
    /// pill stayed up after the response (`minMs`).
    package static let stalePill = BannerFindingKind(
        id: "stale-pill", level: .warning,
        firesWhen: """
            the amber pill is up and a response arrives (`turbo:before-fetch-response`, `turbo:frame-load`, `turbo:load`, \
            a `turbo:submit-end` with a `fetchResponse`)
            """,
        meaning: """
            The network works but the pill says it doesn't. Reported at the first such response, with how long the pill \
            stayed up after it (`staleMs`) and what finally cleared it. The four-signal contract gives a pill raised while \
            `navigator.onLine` stays true no way down except `online`, `connect`, `disconnect` or the page unloading \
            (`pagehide`). This finding makes that visible. A `turbo:load` that ends a restoration Visit with no response \
            was rendered from Turbo's cache, so it is not counted. A warning: the user read a pill that was wrong.
            """,
        fields: "`raisedAt`, `raisedBy`, `evidence`, `responses`, `navigatorOnline`, `until`, `staleMs`, and `clearedBy` or `stillUpAtEnd`",
        takesMinMs: true)
}

/// The evidence of a `stale-pill`: the pill went up at `raisedAt` by `raisedBy`; the first
/// response (`evidence`, a record type) came at the finding's `t`; `responses` arrived in all
/// while it was up; it came down at `until` by `clearedBy`, or was still up when the recording
/// ended (`clearedBy` nil). `navigatorOnline`: what `navigator.onLine` said when the response came.
package struct StalePill: BannerFindingDetail {
    package static var kind: BannerFindingKind { .stalePill }
    package var raisedAt: Double
    package var raisedBy: BannerCause
    package var evidence: String
    package var responses: Int
    package var until: Double
    package var clearedBy: BannerCause?
    package var navigatorOnline: Bool

    package init(
        raisedAt: Double, raisedBy: BannerCause, evidence: String, responses: Int, until: Double, clearedBy: BannerCause?, navigatorOnline: Bool
    ) {
        self.raisedAt = raisedAt
        self.raisedBy = raisedBy
        self.evidence = evidence
        self.responses = responses
        self.until = until
        self.clearedBy = clearedBy
        self.navigatorOnline = navigatorOnline
    }

    package func sentence(at t: Double) -> String {
        let ms = formatMilliseconds
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
    }

    package func json(at t: Double, into line: inout JSONLine) {
        line.number("raisedAt", raisedAt)
        line.string("raisedBy", raisedBy.rawValue)
        line.string("evidence", evidence)
        line.integer("responses", responses)
        line.bool("navigatorOnline", navigatorOnline)
        line.number("until", until)
        line.number("staleMs", until - t)
        if let clearedBy { line.string("clearedBy", clearedBy.rawValue) } else { line.bool("stillUpAtEnd", true) }
    }
}

extension BannerFinding {
    /// How long the pill stayed up after the first response, for a `stale-pill`.
    package var staleMs: Double? {
        detail(as: StalePill.self).map { $0.until - t }
    }
}

/// `stale-pill`: a response arrived while the amber pill was up, and the pill stayed up after it.
/// The analyzer counts the responses on the pill it keeps (a response's step says whether it was
/// the pill's first); this reads them when the pill comes down, or at the end of the recording.
/// A pill that came down less than `minMs` after the response is not reported (a config's
/// threshold, `FindingsConfig`); one still up when the recording ends always is.
struct StalePillDetector: BannerFindingDetector {
    typealias Detail = StalePill
    static let reportOrder = 20
    var minMs: Double = 0

    mutating func configure(settings: BannerSettings, rules: FindingRules) {
        minMs = rules.minMs(BannerFindingKind.stalePill.id)
    }

    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {
        guard let evidence = pill.firstResponse else { return }
        if clearedBy != nil, end - evidence.t < minMs { return }
        found.report(
            .stalePill,
            BannerFinding(
                t: evidence.t, lines: [pill.line, evidence.line, line].compactMap { $0 },
                detail: StalePill(
                    raisedAt: pill.start, raisedBy: pill.cause, evidence: evidence.type, responses: pill.responses, until: end,
                    clearedBy: clearedBy, navigatorOnline: evidence.navigatorOnline)))
    }
}
