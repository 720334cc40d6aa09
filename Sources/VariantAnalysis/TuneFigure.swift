import Fleet
import TurboRecording

/// A figure of a `tune` row, in the order a `tune` partial's row holds them: the header lists
/// them in that order (`TunePartial`), and a row is written and read through them, so that a
/// figure added here is named by every partial made from then on, and a merge refuses, by that
/// name, the partials made before it.
package enum TuneFigure: String, CaseIterable, Sendable {
    case pillEpisodes, pillMs, toasts, flapsSuppressed, unannouncedMs, blinks, flashes

    /// What the header lists.
    package static var counted: PartialCounted { PartialCounted(findings: nil, figures: allCases.map(\.rawValue)) }

    /// Its value in `row`, written in its shortest exact form.
    func written(_ row: TuneRow) -> String {
        switch self {
        case .pillEpisodes: String(row.pillEpisodes)
        case .pillMs: StatsPartial.exact(row.pillMs)
        case .toasts: String(row.toasts)
        case .flapsSuppressed: String(row.flapsSuppressed)
        case .unannouncedMs: StatsPartial.exact(row.unannouncedMs)
        case .blinks: String(row.blinks)
        case .flashes: String(row.flashes)
        }
    }

    /// `value` read into `row`: a count, or a duration for the times.
    func read(_ value: JSONValue, into row: inout TuneRow, _ read: StatsPartial.Reader) throws {
        switch self {
        case .pillEpisodes: row.pillEpisodes = try read.int(value, rawValue)
        case .pillMs: row.pillMs = try read.duration(value, rawValue)
        case .toasts: row.toasts = try read.int(value, rawValue)
        case .flapsSuppressed: row.flapsSuppressed = try read.int(value, rawValue)
        case .unannouncedMs: row.unannouncedMs = try read.duration(value, rawValue)
        case .blinks: row.blinks = try read.int(value, rawValue)
        case .flashes: row.flashes = try read.int(value, rawValue)
        }
    }

    /// How a refusal names it.
    private var words: String {
        switch self {
        case .pillEpisodes: "pill episodes"
        case .pillMs: "pill ms"
        case .flapsSuppressed: "flaps suppressed"
        case .unannouncedMs: "unannounced ms"
        case .toasts, .blinks, .flashes: rawValue
        }
    }

    /// Its value in `row`, added to a merge's running totals (`PartialTotals`), checked.
    func total(_ row: TuneRow, combination number: Int, _ totals: inout PartialTotals, _ fail: (String) -> RecordingError) throws {
        let name = "\(words) (combination \(number))"
        switch self {
        case .pillEpisodes: try totals.add(name, row.pillEpisodes, fail)
        case .pillMs: try totals.add(name, row.pillMs, fail)
        case .toasts: try totals.add(name, row.toasts, fail)
        case .flapsSuppressed: try totals.add(name, row.flapsSuppressed, fail)
        case .unannouncedMs: try totals.add(name, row.unannouncedMs, fail)
        case .blinks: try totals.add(name, row.blinks, fail)
        case .flashes: try totals.add(name, row.flashes, fail)
        }
    }
}
