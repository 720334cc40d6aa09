import BannerFindings
import Fleet
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

/// `tune`'s output: a table for people, or exactly one JSON object per combination.
package enum TuneReport {
    private static let ms = formatMilliseconds

    /// The variant's name as the rows print it: `v1` for none.
    package static func name(_ variant: BannerVariant?) -> String { variant?.name ?? "v1" }

    package static func text(_ tune: Tune) -> [String] {
        let rows = tune.rows
        let variants = Set(tune.combinations.map(\.variant)).count
        let debounces = Set(tune.combinations.map(\.debounce)).count
        let flashes = Set(tune.combinations.map(\.flash)).count
        var head = "tune: \(tune.recordings) recording\(tune.recordings == 1 ? "" : "s")"
        if tune.failureCount > 0 { head += " (\(tune.failureCount) not read)" }
        head +=
            "; \(plural(variants, "variant")) × \(plural(debounces, "debounce")) × \(plural(flashes, "flash", "flashes"))"
            + " = \(plural(rows.count, "combination")); a blink is a pill under \(ms(tune.blinkMs)) ms"
        let header = [
            "debounce ms", "flash ms", "variant", "recordings", "pill episodes", "pill ms", "toasts", "flaps suppressed",
            "unannounced ms", "blinks", "flashes",
        ]
        let cells = rows.map { row in
            [
                ms(row.combination.debounce), ms(row.combination.flash), name(row.combination.variant), String(row.recordings),
                String(row.pillEpisodes), ms(row.pillMs), String(row.toasts), String(row.flapsSuppressed),
                ms(row.unannouncedMs), String(row.blinks), String(row.flashes),
            ]
        }
        let widths = header.indices.map { column in ([header[column]] + cells.map { $0[column] }).map(\.count).max()! }
        func line(_ values: [String]) -> String {
            "  "
                + values.indices.map { column in
                    column == 2 ? values[column].padded(widths[column]) : values[column].leftPadded(widths[column])
                }.joined(separator: "  ")
        }
        return [head, line(header)] + cells.map(line)
    }

    /// One object per combination, keys in this order.
    package static func json(_ row: TuneRow) -> String {
        var line = JSONLine()
        line.number("debounceMs", row.combination.debounce)
        line.number("flashMs", row.combination.flash)
        if let variant = row.combination.variant { line.string("variant", variant.name) } else { line.null("variant") }
        line.integer("sessions", row.recordings)
        line.integer("pillEpisodes", row.pillEpisodes)
        line.number("pillMs", row.pillMs)
        line.integer("toasts", row.toasts)
        line.integer("flapsSuppressed", row.flapsSuppressed)
        line.number("unannouncedMs", row.unannouncedMs)
        line.integer("blinks", row.blinks)
        line.integer("flashes", row.flashes)
        return line.text
    }

    private static func plural(_ count: Int, _ word: String, _ words: String? = nil) -> String {
        "\(count) " + (count == 1 ? word : words ?? word + "s")
    }
}
