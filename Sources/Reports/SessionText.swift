import AppSession
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import TurboRecording

/// `session`'s text for a person, read like `explain`: one table of both layers on the web
/// recording's clock, the drops and edges marked where they happen, then the latencies and
/// the findings in words. Paths go through `terminalSafe`.
package enum SessionText {
    private static let ms = formatMilliseconds

    /// What was read, how the clocks were put together, and with which settings.
    /// `alignment`: "from the two startedAt" or "given (--offset-ms)".
    package static func header(
        web: String, native: String, session: AppSession, alignment: String,
        banner: BannerSettings, policy: PolicySettings
    ) -> [String] {
        header(web: web, native: native, offset: session.offset, lateMs: session.settings.lateMs, alignment: alignment, banner: banner, policy: policy)
    }

    /// The header from what is known before the timeline: Δ and the settings.
    package static func header(
        web: String, native: String, offset: Double, lateMs: Double, alignment: String,
        banner: BannerSettings, policy: PolicySettings
    ) -> [String] {
        var timings = "debounce \(ms(banner.debounce)) ms, flash \(ms(banner.flash)) ms"
        if !banner.variants.isEmpty { timings += ", variant " + banner.variants.sorted().map(\.name).joined(separator: ", ") }
        let cooldown = policy.cooldown.map { "cooldown \(ms($0)) ms" } ?? "no cooldown"
        return [
            "session \(terminalSafe(web)) (web) + \(terminalSafe(native)) (native)",
            "  one clock, the page's: a native t is at t \(offset < 0 ? "−" : "+") \(ms(abs(offset))) ms (\(alignment))",
            "  web: \(timings); native: \(policy.platform.rawValue), settle \(ms(policy.settle)) ms, probe \(ms(policy.probe)) ms, \(cooldown)",
            "  late: more than \(ms(lateMs)) ms",
            "",
        ]
    }

    package static let tableHeader = "      t (ms)  layer   what"

    /// The merged timeline as rows; a drop or an edge says so at its connectivity line. The
    /// records and each layer's own findings (v1.1) are set in under the lines before them, so
    /// that what follows a drop or an edge reads as its causes: the page's pagehide, the app's
    /// bridge message, the page's connect under the slow recovery they explain. A layer's finding
    /// comes after the lines at its time.
    package static func rows(_ session: AppSession) -> [String] {
        var rows: [String] = []
        var findings = session.layerFindings[...]
        let lines = timelineRows(session)
        for (line, text) in zip(session.lines, lines) {
            while let next = findings.first, next.t < line.t {
                rows.append(findingRow(next))
                findings = findings.dropFirst()
            }
            rows.append(text)
        }
        rows += findings.map(findingRow)
        return rows
    }

    /// `! online-lied (warning, web's own): A request … failed …`, at its time.
    package static func findingRow(_ finding: LayerFinding) -> String {
        guard case .object(let members)? = JSONValue(parsing: finding.jsonLine) else { return row(finding.t, finding.layer.rawValue, "") }
        func text(_ key: String) -> String {
            if case .string(let value)? = members[key] { return value }
            return ""
        }
        let what = "  ! \(text("finding")) (\(text("level")), the \(finding.layer.rawValue) log's own): \(text("message"))"
        return row(finding.t, finding.layer.rawValue, terminalSafe(what))
    }

    private static func timelineRows(_ session: AppSession) -> [String] {
        var drops = session.drops.makeIterator(), edges = session.edges.makeIterator()
        var first = true
        return session.lines.map { line in
            guard case .connectivity(_, let online) = line else { return row(line, first: false) }
            defer { first = false }
            return row(line, first: first) + (online ? edgeNote(edges.next()) : dropNote(drops.next()))
        }
    }

    /// A line's row; a connectivity line's without what its drop or edge measured (`dropNote`,
    /// `edgeNote`, which follow it). `first`: the app's first connectivity line.
    package static func row(_ line: SessionLine, first: Bool) -> String {
        switch line {
        case .connectivity(let t, let online):
            if online {
                // Connectivity starts offline: the app's first word that it is online is an edge too.
                let what = first ? "an edge: the app's first path says online" : "an edge: the network came back"
                return row(t, "native", "connectivity online    ← " + what)
            }
            return row(t, "native", "connectivity offline   ← a drop: the network went away")
        case .native(let decision):
            let (event, detail) = NativeTextTimeline.describe(decision)
            return row(decision.t, "native", "\(terminalSafe(decision.surface).padded(12))  \(event.padded(14))  \(detail)")
        case .web(let record):
            return row(record.t, "web", terminalSafe(TextTimeline.body(record)))
        case .webRecord(let record):
            return row(record.t, "web", recordText(record))
        case .nativeRecord(let record):
            return row(record.t, "native", recordText(record))
        }
    }

    /// A record that explains a latency, set in under the lines the layers decided:
    /// `· connect online=true page="/orders"`.
    static func recordText(_ record: SessionRecord) -> String {
        let fields = record.fields.map { "\($0.key)=\($0.json)" }
        return terminalSafe((["  · " + record.type] + fields).joined(separator: " "))
    }

    private static func row(_ t: Double, _ layer: String, _ what: String) -> String {
        "\(ms(t).leftPadded(12))  \(layer.padded(6))  \(what)"
    }

    package static func dropNote(_ drop: SessionDrop?) -> String {
        guard let drop else { return "" }
        if let skew = drop.skewMs, let pill = drop.pill {
            return " (the page's own pill came \(ms(skew)) ms before it, at \(ms(pill)): the clocks disagree, not measured; see clock-skew)"
        }
        if drop.pastCut { return " (past the end of a cut log: not measured)" }
        guard let latency = drop.dropToPill, let pill = drop.pill else { return " (no pill before it came back: unannounced)" }
        return latency == 0 ? " (the pill was already up)" : " (the pill \(ms(latency)) ms later, at \(ms(pill)))"
    }

    package static func edgeNote(_ edge: SessionEdge?) -> String {
        guard let edge else { return "" }
        var notes: [String] = []
        switch edge.edgeToClear {
        case .measured(let latency)?: notes.append("the pill left \(ms(latency)) ms later")
        case .stuck?: notes.append("the pill stayed")
        case nil: break
        }
        switch edge.edgeToPage {
        case .measured(let latency)?: notes.append("an offline error view was up; a page came \(ms(latency)) ms later")
        case .stuck?: notes.append("an offline error view was up; no page came")
        case nil: break
        }
        return notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }

    /// The three latencies, each on a line, and the drops and edges they were measured over.
    package static func latencies(_ session: AppSession) -> [String] {
        latencies(session.summary)
    }

    package static func latencies(_ summary: AppSessionSummary) -> [String] {
        let edges = "\(summary.edges) edge\(summary.edges == 1 ? "" : "s")"
        let pillUp = summary.edgeToClear.count + (summary.edgeToClear.stuck ?? 0)
        let viewUp = summary.edgeToPage.count + (summary.edgeToPage.stuck ?? 0)
        // Drops neither measured nor unannounced: the clocks ran backwards, or a cut log ended first.
        let unmeasured = summary.drops - summary.unannounced - summary.dropToPill.count
        let notMeasured = unmeasured > 0 ? ", \(unmeasured) not measured (clock-skew, or past a cut log's end)" : ""
        return [
            "latencies",
            "  dropToPill   \(describe(summary.dropToPill)) (of \(summary.drops) drop\(summary.drops == 1 ? "" : "s"), \(summary.unannounced) unannounced\(notMeasured))",
            "  edgeToClear  \(describe(summary.edgeToClear)) (of \(edges), \(pillUp) with the pill up)",
            "  edgeToPage   \(describe(summary.edgeToPage)) (of \(edges), \(viewUp) with an offline error view up)",
        ]
    }

    /// "2 measured: median 400 ms, p90 1400 ms, max 1400 ms; 1 stuck", or "none measured".
    package static func describe(_ latency: LatencySummary) -> String {
        var text: String
        if let median = latency.median, let p90 = latency.p90, let max = latency.max {
            text = "\(latency.count) measured: median \(ms(median)) ms, p90 \(ms(p90)) ms, max \(ms(max)) ms"
        } else {
            text = "none measured"
        }
        if let stuck = latency.stuck, stuck > 0 { text += "; \(stuck) stuck" }
        return text
    }

    /// Each finding as a sentence, or "findings: none"; then how many each layer found itself
    /// (they are in the table, at their times), and the time on native error views.
    package static func findings(_ session: AppSession) -> [String] {
        let web = session.layerFindings.filter { $0.layer == .web }.count
        return [findingsHead(count: session.findings.count, lateMs: session.settings.lateMs)]
            + session.findings.map { "  " + sentence($0, lateMs: session.settings.lateMs) }
            + findingsTail(layers: (web, session.layerFindings.count - web), summary: session.summary)
    }

    /// "2 findings", or "findings: none (…)"; each finding's sentence follows it, indented.
    package static func findingsHead(count: Int, lateMs: Double) -> String {
        count == 0 ? "findings: none (late is more than \(ms(lateMs)) ms)" : "\(count) finding\(count == 1 ? "" : "s")"
    }

    /// After the findings: how many each layer found itself, and each native policy's part
    /// of the summary (`SessionSummarySections`: the time on error views).
    package static func findingsTail(layers: (web: Int, native: Int), summary: AppSessionSummary) -> [String] {
        var text = ""
        // In memory (`AppSession`) the walk cannot fail; the stream writes each part in pieces.
        try? SessionSummarySections.write(summary) { text += $0 }
        return layerCounts(layers) + text.split(separator: "\n").map(String.init)
    }

    /// How many findings each layer found itself, if any: `findingsTail` before its last line.
    package static func layerCounts(_ layers: (web: Int, native: Int)) -> [String] {
        guard layers.web + layers.native > 0 else { return [] }
        return ["each log's own findings (as explain gives them, in the table with '!'): \(layers.web) web, \(layers.native) native"]
    }

    /// "error views: 1", then "  policyMs 4700 ms, by the retry policy (…)" and "  shownMs
    /// 4700 ms, by the app's own log (…)", in pieces, without its last newline: a piece a
    /// surface, so that millions of surfaces are never one string in memory. Two lines: the time by the retry policy
    /// (`policyMs`, what the contract would have done), then by the app's own log (`shownMs`,
    /// what the user lived).
    package static func writeErrorViews(_ views: ErrorViewSummary, _ write: (String) throws -> Void) throws {
        guard views.count > 0, let median = views.median, let p90 = views.p90, let max = views.max else {
            return try write("error views: none on screen")
        }
        try write("error views: \(views.count)\n")
        try write("  policyMs \(ms(views.totalMs)) ms, by the retry policy (\(views.open) still open at the end; ")
        var first = true
        try views.surfaces.forEach { surface, total in
            try write((first ? "" : ", ") + "\(terminalSafe(surface)) \(ms(total)) ms")
            first = false
        }
        try write("); each: median \(ms(median)) ms, p90 \(ms(p90)) ms, max \(ms(max)) ms\n")
        let shown = views.shown
        try write("  shownMs \(ms(shown.totalMs)) ms, by the app's own log (\(shown.open) still open at the end)")
        if let median = shown.median, let p90 = shown.p90, let max = shown.max {
            try write("; each: median \(ms(median)) ms, p90 \(ms(p90)) ms, max \(ms(max)) ms")
        }
    }

    /// `clock-skew at T: …`: how many pills came before their drops, the furthest, and the Δ
    /// that would make them agree.
    package static func sentence(_ skew: ClockSkew) -> String {
        guard let first = skew.pairs.first else { return "" }
        let pairs = skew.pairs.map { "drop \(ms($0.drop)), pill \(ms($0.pill))" }.joined(separator: "; ")
        let more = skew.count > skew.pairs.count ? "; and \(skew.count - skew.pairs.count) more" : ""
        return "clock-skew at \(ms(first.pill)): the page's own pill came before the app lost the network, "
            + "\(skew.count) time\(skew.count == 1 ? "" : "s") by more than \(ms(skew.toleranceMs)) ms (\(pairs)\(more)), at most \(ms(skew.largestMs)) ms: "
            + "the two clocks disagree (Δ \(ms(skew.offset)) ms); with Δ \(ms(skew.agreeingOffset)) ms or less they would agree (--offset-ms)"
    }

    package static func sentence(_ finding: SessionFinding, lateMs: Double) -> String {
        let late = "more than \(ms(lateMs)) ms"
        let head = "\(finding.kind.rawValue) at \(ms(finding.t)): "
        switch (finding.kind, finding.latencyMs) {
        case (.latePill, let latency?):
            return head + "the network went away at \(ms(finding.anchor)) and the pill came \(ms(latency)) ms later (\(late))"
        case (.pillOutlivedNetwork, let latency?):
            return head + "the network came back and the pill stayed \(ms(latency)) ms more (\(late))"
        case (.pillOutlivedNetwork, nil):
            return head + "the network came back and the pill never left before it went away again (or the session ended)"
        case (.slowRecovery, let latency?):
            return head + "the network came back with an offline error view up, and the first page came \(ms(latency)) ms later (\(late))"
        case (.slowRecovery, nil):
            return head + "the network came back with an offline error view up, and no page came before it went away again (or the session ended)"
        case (.latePill, nil):
            return head + "the pill came late"
        }
    }
}
