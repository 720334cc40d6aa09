import Fleet
import PolicyCore

extension GroupedTotals {
    private static let ms = formatMilliseconds

    /// `stats --by`: the fleet's report as `stats` prints it, then one line per group (its
    /// logs, and how many of its pages drifted from the contract, with the timings that would
    /// explain them), then each group's own report, indented.
    package func text(listing: Int? = 10) -> [String] {
        var lines = all.text(listing: listing)
        let groups = ordered
        let names = groups.map { name($0.key) }
        let width = names.map(\.count).max() ?? 0
        lines.append("by \(by.rawValue): \(groups.count) \(groups.count == 1 ? "group" : "groups") (\(Self.unknown): \(by.missing), or not read)")
        for (group, name) in zip(groups, names) {
            lines.append("  \(name.padded(width))  \(Self.logs(group.totals)): \(Self.conformance(group.totals))")
        }
        for (group, name) in zip(groups, names) {
            lines.append("\(by.rawValue) \(name):")
            lines += group.totals.text(listing: listing).map { "  " + $0 }
        }
        return lines
    }

    /// The fleet's JSON report with `"by"` and `"groups"` added: each group's key (`null` for
    /// `unknown`), its pages' drift and its own report.
    package func json() -> String {
        let groups = ordered.map { group in
            ReportJSON.object([
                ("key", group.key.map(jsonString) ?? "null"),
                ("drift", Self.driftJSON(group.totals.seen)),
                ("report", group.totals.json()),
            ])
        }
        let fleet = all.json()
        return String(fleet.dropLast()) + ",\"by\":\(jsonString(by.rawValue)),\"groups\":[" + groups.joined(separator: ",") + "]}"
    }

    static let unknown = "unknown"

    private func name(_ key: String?) -> String { key.map(terminalSafe) ?? Self.unknown }

    /// `3 logs (2 web, 1 native)`, with the files not read and the empty ones when any.
    static func logs(_ totals: StatsTotals) -> String {
        let count = totals.webLogs + totals.nativeLogs
        var parts = ["\(totals.webLogs) web", "\(totals.nativeLogs) native"]
        if totals.failures.count > 0 { parts.append("\(totals.failures.count) not read") }
        if totals.empty.logs > 0 { parts.append("\(totals.empty.logs) empty") }
        return "\(count) \(count == 1 ? "log" : "logs") (\(parts.joined(separator: ", ")))"
    }

    /// `banner-drift in 2 of 3 pages that showed their banner (66.7%); they behave like
    /// debounceMs 1500 (1); flashMs 1000 (1)`.
    static func conformance(_ totals: StatsTotals) -> String {
        let seen = totals.seen
        guard seen.logs > 0 else { return "no page showed its banner (seen)" }
        var text = "banner-drift in \(seen.drifted) of \(seen.logs) pages that showed their banner (\(percent(seen.drifted, of: seen.logs)))"
        let fits = [fitted("debounceMs", seen.debounces), fitted("flashMs", seen.flashes)].compactMap { $0 }
        if !fits.isEmpty { text += "; they behave like " + fits.joined(separator: "; ") }
        return text
    }

    private static func fitted(_ name: String, _ timings: FittedTimings) -> String? {
        guard timings.logs > 0 else { return nil }
        let more = timings.dropped > 0 ? ", … and \(timings.dropped) more" : ""
        return "\(name) " + timings.kept.map { "\(ms($0.ms)) (\($0.logs))" }.joined(separator: ", ") + more
    }

    /// `66.7%`: one decimal, rounded half up.
    static func percent(_ part: Int, of whole: Int) -> String {
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `{"recordings":3,"drifted":2,"share":0.6666666666666666}`: the pages that showed their
    /// banner, those with `banner-drift`, and the share (`null` with no page).
    static func driftJSON(_ seen: SeenTotals) -> String {
        ReportJSON.object([
            ("recordings", String(seen.logs)), ("drifted", String(seen.drifted)),
            ("share", seen.logs == 0 ? "null" : "\(Double(seen.drifted) / Double(seen.logs))"),
        ])
    }
}
