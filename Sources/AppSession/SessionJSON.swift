import NativeErrorPolicy
import OfflineBanner
import PolicyCore

/// The session's `--format jsonl`: the merged timeline, then the session's findings (with
/// `clock-skew`, v1.2, after the three), then each layer's own (v1.1), then one summary line. Times and latencies are printed as in every other
/// output (at most 3 decimals).
extension AppSession {
    public var jsonLines: [String] {
        lines.map(\.jsonLine) + findings.map(\.jsonLine) + (summary.clockSkew.map { [$0.jsonLine] } ?? [])
            + layerFindings.map(\.jsonLine) + [summary.jsonLine]
    }
}

extension SessionLine: CustomStringConvertible {
    /// `t` and `layer` first, then the keys of the line as its own log's output gives them.
    public var jsonLine: String {
        switch self {
        case .connectivity(let t, let online):
            var line = JSONLine()
            line.number("t", t)
            line.string("layer", "native")
            line.string("connectivity", online ? "online" : "offline")
            return line.text
        case .native(let decision):
            return Self.layered(decision.jsonLine, t: decision.t, layer: "native")
        case .web(let record):
            return Self.layered(record.jsonLine, t: record.t, layer: "web")
        case .webRecord(let record):
            return record.jsonLine(layer: "web")
        case .nativeRecord(let record):
            return record.jsonLine(layer: "native")
        }
    }

    public var description: String { jsonLine }

    /// A decision's or a banner record's own line with `layer` after its `t`. Its own writer
    /// stays the only place that knows its keys (a key added there shows here too): it
    /// starts `{"t":` and a number, which has no comma, so the first comma ends the `t`.
    private static func layered(_ own: String, t: Double, layer: String) -> String {
        var bytes = Array(own.utf8)
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")) else { return own }
        var head = JSONLine()
        head.number("t", t)
        head.string("layer", layer)
        var prefix = Array(head.text.utf8)
        prefix.removeLast()  // its closing brace: the line's own keys follow
        bytes.replaceSubrange(0..<comma, with: prefix)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension SessionFinding: CustomStringConvertible {
    /// `t`, `finding`, `drop` or `edge`, and `latencyMs` unless the edge is stuck.
    public var jsonLine: String {
        var line = JSONLine()
        line.number("t", t)
        line.string("finding", kind.rawValue)
        line.number(kind.anchorKey, anchor)
        if let latencyMs { line.number("latencyMs", latencyMs) }
        return line.text
    }

    public var description: String { jsonLine }
}

extension LatencySummary {
    /// `count`, then `median`, `p90` and `max` when there is a value, then `stuck` for the
    /// edge latencies.
    public var json: String {
        var line = JSONLine()
        line.integer("count", count)
        if let median { line.number("median", median) }
        if let p90 { line.number("p90", p90) }
        if let max { line.number("max", max) }
        if let stuck { line.integer("stuck", stuck) }
        return line.text
    }
}

extension AppSessionSummary: CustomStringConvertible {
    /// `{"summary":{…}}`: the counts, the three latencies, every finding's count (zeros
    /// included, in the table's order) and the session end (`null` when neither log has a
    /// timed record).
    public var jsonLine: String {
        var text = ""
        // In memory (`AppSession`) the walk cannot fail; the stream writes `writeJSONLine`.
        try? writeJSONLine { text += $0 }
        return text
    }

    /// `jsonLine` in pieces, without its newline: the surfaces of `errorViews` one at a time,
    /// so that a summary of millions of surfaces is never one string in memory.
    public func writeJSONLine(_ write: (String) throws -> Void) throws {
        var counts = JSONLine()
        for kind in SessionFindingKind.allCases { counts.integer(kind.rawValue, findings[kind] ?? 0) }
        var body = JSONLine()
        body.integer("drops", drops)
        body.integer("unannounced", unannounced)
        body.integer("edges", edges)
        body.raw("dropToPill", dropToPill.json)
        body.raw("edgeToClear", edgeToClear.json)
        body.raw("edgeToPage", edgeToPage.json)
        body.raw("findings", counts.text)
        try write("{\"summary\":" + String(decoding: body.bytes, as: UTF8.self) + ",\"errorViews\":")
        try errorViews.writeJSON(write)
        var tail = JSONLine()
        if let end { tail.number("end", end) } else { tail.null("end") }
        try write("," + String(decoding: tail.bytes.dropFirst(), as: UTF8.self) + "}}")
    }

    public var description: String { jsonLine }
}

extension ErrorViewSummary {
    /// `{"count","open","ms":{"median","p90","max"} (or {}),"bySurface":{SURFACE: ms},`
    /// `"policyMs","shownMs","shown":{"open","ms":{…}}}`, surfaces in byte order: the
    /// contract's keys (the policy's figures), then both totals by name and the app's own.
    public var json: String {
        var text = ""
        try? writeJSON { text += $0 }
        return text
    }

    /// `json` in pieces: a piece for the head, then one a surface (a surface's time as
    /// `"SURFACE":ms`, after a comma but the first), then the close.
    public func writeJSON(_ write: (String) throws -> Void) throws {
        var body = JSONLine()
        body.integer("count", count)
        body.integer("open", open)
        body.raw("ms", quantilesJSON(median, p90, max))
        try write(String(decoding: body.bytes, as: UTF8.self) + ",\"bySurface\":{")
        var first = true
        try surfaces.forEach { surface, total in
            var entry = JSONLine()
            entry.number(surface, total)
            try write((first ? "" : ",") + String(decoding: entry.bytes.dropFirst(), as: UTF8.self))
            first = false
        }
        // After the contract's keys: the two totals by name, and the app's own timing.
        var tail = JSONLine()
        tail.number("policyMs", totalMs)
        tail.number("shownMs", shown.totalMs)
        tail.raw("shown", shown.json)
        try write("}," + String(decoding: tail.bytes.dropFirst(), as: UTF8.self) + "}")
    }
}

extension ShownSummary {
    /// `{"open","ms":{"median","p90","max"} (or {})}`: the app's own timing of the views.
    public var json: String {
        var body = JSONLine()
        body.integer("open", open)
        body.raw("ms", quantilesJSON(median, p90, max))
        return body.text
    }

}

/// `{"median","p90","max"}` of a set of error views, or `{}` when there were none: the policy's
/// times and the app's own are written alike.
private func quantilesJSON(_ median: Double?, _ p90: Double?, _ max: Double?) -> String {
    var ms = JSONLine()
    if let median, let p90, let max {
        ms.number("median", median)
        ms.number("p90", p90)
        ms.number("max", max)
    }
    return ms.text
}
