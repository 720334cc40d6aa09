import BannerFindings
import Fleet
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// `stats --per-log FILE`: one row per log, what a dashboard or DuckDB reads beside the report:
/// the log's identity (what its `meta` says: release, session, the pages an app's log names,
/// platform, day) and its own figures (pills, latencies, time on error views, and every
/// registered finding by id, one column each, from the registry). Rows come in the report's
/// key order; a log not read has its path, kind `failed` and its error, and nothing else.
package enum PerLogTable {
    /// How the rows are written: by the file's extension.
    package enum Format: String, CaseIterable, Sendable {
        case csv
        case jsonl

        /// `rows.csv` → CSV, `rows.jsonl` → JSON Lines; `nil` for any other name.
        package init?(path: String) {
            guard let dot = path.lastIndex(of: "."), let format = Format(rawValue: path[path.index(after: dot)...].lowercased()) else {
                return nil
            }
            self = format
        }
    }

    /// One cell: text, a count, milliseconds, a flag, or nothing (`null`, an empty CSV field).
    package enum Cell: Equatable, Sendable {
        case text(String)
        case count(Int)
        case ms(Double)
        case flag(Bool)
        case none
    }

    /// The columns before the findings, in order.
    package static let identityColumns = ["path", "kind", "app_version", "app_build", "session", "web_session", "platform", "day", "started_at"]
    /// The figures' columns: a log's own, the banner's, each native policy's part's
    /// (`StatsReportSection.perLogColumns`, in registry order), then the app session's.
    package static let figureColumns =
        [
            "records", "skipped_lines", "cut_line", "pill_episodes", "pill_ms", "pill_median_ms", "pill_p90_ms", "pill_max_ms", "toasts",
            "seen", "fitted_debounce_ms", "fitted_flash_ms",
        ] + nativeColumns.map(\.name) + [
            "session_native", "drop_to_pill_median_ms", "edge_to_clear_median_ms", "edge_to_page_median_ms", "error", "not_paired",
        ]

    private static let nativeColumns = NativeStatsSections.All.Totals.perLogColumns

    /// Every column: identity, figures, then one per finding id of the registry, named by it.
    package static var columns: [String] { identityColumns + figureColumns + PolicyDescription.findingIDs }

    /// The row of `file` (with the app session read with it), one cell per column.
    package static func row(_ file: StatsFile, session: StatsSession?) -> [Cell] {
        identityCells(file) + figureCells(file, session: session) + findingCells(file, session: session)
    }

    private static func kind(_ file: StatsFile) -> String {
        switch file.outcome {
        case .read: return "web"
        case .native: return "native"
        case .failed: return "failed"
        case .empty: return "empty"
        }
    }

    private static func text(_ value: String?) -> Cell { value.map(Cell.text) ?? .none }

    private static func identityCells(_ file: StatsFile) -> [Cell] {
        let identity = file.identity
        let webSessions = identity?.webSessions ?? []
        return [
            .text(file.path), .text(kind(file)), text(identity?.app?.version), text(identity?.app?.build), text(identity?.session),
            webSessions.isEmpty ? .none : .text(webSessions.joined(separator: " ")), text(identity?.platform), text(identity?.day),
            text(identity?.startedAt),
        ]
    }

    private static func figureCells(_ file: StatsFile, session: StatsSession?) -> [Cell] {
        var cells = [Cell](repeating: .none, count: figureColumns.count)
        func set(_ column: String, _ cell: Cell) { cells[figureColumns.firstIndex(of: column)!] = cell }
        switch file.outcome {
        case .read(let web):
            set("records", .count(web.records))
            set("skipped_lines", .count(web.skippedLines))
            set("cut_line", web.cut.map(Cell.count) ?? .none)
            set("pill_episodes", .count(web.pillEpisodes))
            set("pill_ms", .ms(web.pillMs))
            if let pills = Distribution(web.durations) {
                set("pill_median_ms", .ms(pills.median))
                set("pill_p90_ms", .ms(pills.p90))
                set("pill_max_ms", .ms(pills.max))
            }
            set("toasts", .count(web.toasts))
            set("seen", .flag(web.seenFit != nil))
            set("not_paired", text(web.pairRefused))
            set("fitted_debounce_ms", web.seenFit?.debounceMs.map(Cell.ms) ?? .none)
            set("fitted_flash_ms", web.seenFit?.flashMs.map(Cell.ms) ?? .none)
        case .native(let native):
            set("records", .count(native.records))
            set("skipped_lines", .count(native.skippedLines))
            set("cut_line", native.cut.map(Cell.count) ?? .none)
            for column in nativeColumns { set(column.name, column.cell(native)) }
            set("not_paired", text(native.unpaired))
        case .failed(let error):
            set("error", .text(error.description))
        case .empty:
            break
        }
        if let session {
            set("session_native", .text(session.native))
            switch session.outcome {
            case .read(let figures):
                set("drop_to_pill_median_ms", median(figures.dropToPill))
                set("edge_to_clear_median_ms", median(figures.edgeToClear))
                set("edge_to_page_median_ms", median(figures.edgeToPage))
            case .failed(let error):
                set("error", .text(error.description))
            }
        }
        return cells
    }

    /// A session latency's median: exact from its values, else from its sketch.
    private static func median(_ latency: SessionLatency) -> Cell {
        if let sketch = latency.sketch { return Distribution(sketch).map { .ms($0.median) } ?? .none }
        guard let ranks = QuantileRanks(count: latency.values.count) else { return .none }
        return .ms(latency.values.sorted()[ranks.median])
    }

    /// Each registered finding's count in this log (a web log's banner findings, an app log's
    /// native ones, and on a web log the findings of the app session read with it); 0 for a
    /// finding the log was read for and did not show; nothing for a log not read.
    private static func findingCells(_ file: StatsFile, session: StatsSession?) -> [Cell] {
        var counts: [String: Int] = [:]
        switch file.outcome {
        case .read(let web): for (kind, count) in web.findings { counts[kind.id, default: 0] += count }
        case .native(let native): counts.merge(native.findings, uniquingKeysWith: +)
        case .failed, .empty: return PolicyDescription.findingIDs.map { _ in .none }
        }
        if case .read(let figures)? = session?.outcome { counts.merge(figures.findings, uniquingKeysWith: +) }
        // A cut log's cut, as the report lists it (`log-cut`).
        if file.cut != nil { counts[LogCut.finding, default: 0] += 1 }
        // Its collector's folder's gaps, one a missing range, as the report counts them (`log-gap`).
        if !file.gaps.isEmpty { counts[LogGap.finding, default: 0] += file.gaps.count }
        return PolicyDescription.findingIDs.map { .count(counts[$0] ?? 0) }
    }

    // MARK: - Writing

    /// The header line (CSV only; a JSON Lines row names its columns).
    package static func header(_ format: Format) -> String? {
        format == .csv ? columns.map(csvField).joined(separator: ",") : nil
    }

    /// A row as a line of `format`, without its line end.
    package static func line(_ cells: [Cell], _ format: Format) -> String {
        switch format {
        case .csv:
            return cells.map { cell in
                switch cell {
                case .text(let text): return csvField(text)
                case .count(let count): return String(count)
                case .ms(let ms): return "\(ms)"
                case .flag(let flag): return flag ? "true" : "false"
                case .none: return ""
                }
            }.joined(separator: ",")
        case .jsonl:
            return "{"
                + zip(columns, cells).map { column, cell in
                    let value: String
                    switch cell {
                    case .text(let text): value = jsonString(text)
                    case .count(let count): value = String(count)
                    case .ms(let ms): value = "\(ms)"
                    case .flag(let flag): value = flag ? "true" : "false"
                    case .none: value = "null"
                    }
                    return jsonString(column) + ":" + value
                }.joined(separator: ",") + "}"
        }
    }

    /// RFC 4180: a field with a comma, a quote or a line end is quoted, its quotes doubled.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

extension FleetFile where Result == StatsOutcome {
    /// The line the log was cut at; `nil` when it ends whole, or was not read.
    fileprivate var cut: Int? {
        switch outcome {
        case .read(let summary): return summary.cut
        case .native(let summary): return summary.cut
        case .failed, .empty: return nil
        }
    }

    /// The missing ranges of its collector's folder; none for a whole log, or one not read.
    fileprivate var gaps: [String] {
        switch outcome {
        case .read(let summary): return summary.gaps
        case .native(let summary): return summary.gaps
        case .failed, .empty: return []
        }
    }
}
