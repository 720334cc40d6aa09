import Fleet
import PolicyCore

extension StatsTotals {
    /// The logs `stats` could not pair (field identity), only when there are any: app logs
    /// whose `web-session` names no page among the logs, and pairs by name whose app log names
    /// other pages. Each listed whole up to the bound, with why.
    func pairingText() -> [String] {
        guard unpaired.logs > 0 || pairsRefused.logs > 0 else { return [] }
        var lines = [
            "not paired (web-session): \(unpaired.logs) app \(unpaired.logs == 1 ? "log names" : "logs name") no page among the logs, "
                + "\(pairsRefused.logs) \(pairsRefused.logs == 1 ? "pair" : "pairs") by name refused"
        ]
        if unpaired.logs > 0 { lines += ["  app logs whose pages are not among the logs:"] + Self.reasonRows(unpaired) }
        if pairsRefused.logs > 0 { lines += ["  NAME.jsonl beside a NAME.native.jsonl that names other pages:"] + Self.reasonRows(pairsRefused) }
        return lines
    }

    private static func reasonRows(_ logs: KeptLogs<String>) -> [String] {
        var lines = logs.entries.map { "    \(terminalSafe($0.path)): \(terminalSafe($0.count))" }
        if logs.dropped > 0 { lines.append("    … and \(logs.dropped) more (a report keeps the first \(KeptLogs<Int>.capacity) by path)") }
        return lines
    }

    /// `{"unpaired":{"count":N,"logs":{PATH:WHY}},"refused":{…}}`; `nil` when every log that
    /// claims a pair found it.
    func pairingJSON() -> String? {
        guard unpaired.logs > 0 || pairsRefused.logs > 0 else { return nil }
        func listed(_ logs: KeptLogs<String>) -> String {
            ReportJSON.object([("count", String(logs.logs)), ("logs", ReportJSON.object(logs.entries.map { ($0.path, jsonString($0.count)) }))])
        }
        return ReportJSON.object([("unpaired", listed(unpaired)), ("refused", listed(pairsRefused))])
    }
}
