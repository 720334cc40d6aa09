import OfflineBanner

/// `stale-pill`: a response arrived while the amber pill was up, and the pill stayed up after it.
/// The analyzer counts the responses on the pill it keeps (a response's step says whether it was
/// the pill's first); this reads them when the pill comes down, or at the end of the recording.
/// A pill that came down less than `minMs` after the response is not reported (a config's
/// threshold, `FindingsConfig`); one still up when the recording ends always is.
struct StalePillDetector: BannerDetector {
    var minMs: Double = 0

    mutating func pillClosed(_ pill: OpenPill, at end: Double, clearedBy: BannerCause?, line: Int?, into found: inout FoundFindings) {
        guard let evidence = pill.firstResponse else { return }
        if clearedBy != nil, end - evidence.t < minMs { return }
        found.report(
            .stalePill,
            BannerFinding(
                kind: .stalePill, t: evidence.t, lines: [pill.line, evidence.line, line].compactMap { $0 },
                detail: .stalePill(
                    raisedAt: pill.start, raisedBy: pill.cause, evidence: evidence.type, responses: pill.responses, until: end,
                    clearedBy: clearedBy, navigatorOnline: evidence.navigatorOnline)))
    }
}
