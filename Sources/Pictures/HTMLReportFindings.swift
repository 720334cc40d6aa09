import AppSession
import PolicyCore
import Reports
import TurboRecording

/// The measures and findings of the page: each drop's and edge's note on its connectivity row,
/// each latency a span from its drop or edge, each finding a row and a flag coloured by level.
extension HTMLReportBuilder {
    package mutating func add(_ measure: SessionMeasure) {
        switch measure {
        case .drop(let drop):
            let index = pendingDrops.isEmpty ? nil : pendingDrops.removeFirst()
            if let index { report.rows[index].cause += SessionText.dropNote(drop) }
            if let latency = drop.dropToPill, latency > 0 {
                mark(
                    "latencies", drop.t, end: drop.t + latency, latency > lateMs ? "late" : "latency", "dropToPill \(formatMilliseconds(latency)) ms",
                    row: index)
            }
        case .edge(let edge):
            let index = pendingEdges.isEmpty ? nil : pendingEdges.removeFirst()
            if let index { report.rows[index].cause += SessionText.edgeNote(edge) }
            for (name, latency) in [("edgeToClear", edge.edgeToClear), ("edgeToPage", edge.edgeToPage)] {
                guard let ms = latency?.milliseconds, ms > 0 else { continue }
                mark("latencies", edge.t, end: edge.t + ms, ms > lateMs ? "late" : "latency", "\(name) \(formatMilliseconds(ms)) ms", row: index)
            }
        case .finding(let finding):
            let sentence = SessionText.sentence(finding, lateMs: lateMs)
            addFinding(
                t: finding.t, layer: "native", kind: "session-finding", id: finding.kind.rawValue, level: sessionLevel(finding.kind.rawValue), text: sentence,
                wants: "path")
        }
    }

    package mutating func add(_ skew: ClockSkew) {
        addFinding(
            t: skew.pairs.first?.drop ?? 0, layer: "native", kind: "session-finding", id: ClockSkew.finding, level: sessionLevel(ClockSkew.finding),
            text: SessionText.sentence(skew), wants: "path")
    }

    /// A log's own finding, as `explain` gives it (its JSON line): its id, level and sentence.
    package mutating func add(_ finding: LayerFinding) {
        var id = "finding", level = "warning", message = finding.jsonLine
        if case .object(let members)? = JSONValue(parsing: finding.jsonLine) {
            if case .string(let value)? = members["finding"] { id = value }
            if case .string(let value)? = members["level"] { level = value }
            if case .string(let value)? = members["message"] { message = value }
        }
        addFinding(
            t: finding.t, layer: finding.layer.rawValue, kind: "finding", id: id, level: level,
            text: "\(message) (the \(finding.layer.rawValue) log's own)", wants: nil)
    }

    mutating func addFinding(t: Double, layer: String, kind: String, id: String, level: String, text: String, wants: String?) {
        let index = row(HTMLReport.Row(t: t, layer: layer, kind: kind, what: "\(id) (\(level))", cause: text, level: level, wants: wants))
        // Its words are its row's (the page shows the row's what and cause on the mark).
        mark("findings", t, "finding", level: level, index == nil ? "\(id): \(text)" : "", row: index)
    }
}
