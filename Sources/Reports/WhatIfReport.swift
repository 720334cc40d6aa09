import BannerFindings
import Fleet
import NativeErrorPolicy
import NativeFindings
import OfflineBanner
import PolicyCore
import TurboRecording
import VariantAnalysis

/// `whatif`'s text for a person: per recording, the two timelines side by side where they
/// differ and the pill time before and after; over many, the totals. Rows are written as
/// each difference is decided, so a streamed log prints them as it goes: the columns have a
/// fixed width. Recording text goes through `terminalSafe`.
package enum WhatIfText {
    private static let ms = formatMilliseconds
    /// How many of a recording's v1 episodes its report lists (and as many added ones): the
    /// rest are counted, and said, as the totals count them all. A report is written after its
    /// log is read, so what it lists is held until then (on disk past 64 KB): this bounds that,
    /// whatever the log's length (`whatif -` on an endless standard input).
    package static let listedEpisodes = 10_000
    static let recordColumn = 11
    static let sideColumn = 58

    package static func header(path: String, variant: BannerVariant) -> [String] {
        ["whatif \(terminalSafe(path)): v1 → \(variant.name)"]
    }

    /// The side-by-side table's heading, printed before its first row.
    package static func columns(variant: BannerVariant) -> String {
        "record".leftPadded(recordColumn) + "  " + "v1".padded(sideColumn) + "  " + variant.name
    }

    /// One difference: as many rows as the longer side has records.
    package static func rows(_ difference: WhatIfDifference) -> [String] {
        let record = difference.line.map { "line \($0)" } ?? "end"
        let left = difference.v1.map(describe), right = difference.variant.map(describe)
        return (0..<max(left.count, right.count, 1)).map { index in
            let l = index < left.count ? left[index] : (index == 0 ? "—" : "")
            let r = index < right.count ? right[index] : (index == 0 ? "—" : "")
            return (index == 0 ? record : "").leftPadded(recordColumn) + "  " + l.padded(sideColumn) + "  " + r
        }
    }

    /// A timeline record in a few words: `3547.6 back-online “De nuevo en línea” (response)`.
    package static func describe(_ record: TimelineRecord) -> String {
        switch record {
        case .banner(let change):
            let label = change.label.map { " “\(terminalSafe($0))”" } ?? ""
            return "\(ms(change.t)) \(change.banner.rawValue)\(label) (\(change.cause.rawValue))"
        case .submit(let decision):
            switch decision.outcome {
            case .toast(let label): return "\(ms(decision.t)) toast “\(terminalSafe(label))”"
            case .silent(let reason): return "\(ms(decision.t)) silent \(SilentKey(reason).name)"
            }
        }
    }

    /// The recording's pill time before and after, each v1 episode (the first `listing`), and
    /// any warning.
    package static func summary(_ recording: WhatIfRecording, listing: Int = listedEpisodes) -> [String] {
        let summary = recording.summary, episodes = recording.comparison.episodes, added = recording.comparison.added
        return summaryHead(summary) + episodes.prefix(listing).map(episodeLine)
            + notListed(episodes.count - listing, "v1 episode", listing: listing) + added.prefix(listing).map(addedLine)
            + notListed(added.count - listing, "added episode", listing: listing) + summaryTail(summary)
    }

    /// The line that says how many episodes a report did not list, if any.
    package static func notListed(_ count: Int, _ what: String, listing: Int) -> [String] {
        guard count > 0 else { return [] }
        return ["    … and \(count) more \(what)\(count == 1 ? "" : "s"), not listed (a recording lists its first \(listing))"]
    }

    /// The summary's lines before the episodes' (`summary`): whether the timelines differ, and
    /// the pill time before and after. `whatif` prints it once the log is read, then the
    /// episodes' lines it set aside as they were decided, then `summaryTail`.
    package static func summaryHead(_ summary: WhatIfSummary) -> [String] {
        let pill = summary.pill
        let name = summary.variant.name
        var lines: [String] = []
        if !summary.changed { lines.append("  the timelines are the same: \(name) changes nothing here") }
        if pill.isEmpty {
            lines.append("  pill never up, as v1 or under \(name)")
            return lines
        }
        lines.append(
            "  pill up: v1 \(time(pill.v1Ms, pill.v1Episodes)), \(name) "
                + "\(time(pill.variantMs, pill.variantEpisodes))\(difference(pill))")
        return lines
    }

    /// One v1 episode and what the variant made of it.
    package static func episodeLine(_ episode: PillComparison.Episode) -> String {
        "    episode at \(ms(episode.v1.start)) (\(episode.v1.cause.rawValue)): " + describe(episode)
    }

    /// A variant episode that overlaps no v1 episode.
    package static func addedLine(_ episode: PillEpisode) -> String {
        "    WARNING: added an episode at \(ms(episode.start)) (\(episode.cause.rawValue)), \(ms(episode.duration)) ms, where v1 showed no pill"
    }

    /// The summary's lines after the episodes': the trade-off, the toasts, and any warning.
    package static func summaryTail(_ summary: WhatIfSummary) -> [String] {
        let pill = summary.pill
        var lines = [costs(summary.costs)]
        if pill.isEmpty { return lines }
        if summary.toasts.v1 != summary.toasts.variant {
            lines.append("  toasts: v1 \(summary.toasts.v1), \(summary.variant.name) \(summary.toasts.variant)")
        }
        if pill.worse > 0 {
            lines.append(
                "  WARNING: \(summary.variant.name) made \(worseCount(pill)) here, which a variant must never do (docs/variants.md)")
        }
        return lines
    }

    private static func describe(_ episode: PillComparison.Episode) -> String {
        let before = ms(episode.v1.duration) + " ms" + (episode.v1.stillUp ? " (still up at the end)" : "")
        switch episode.change {
        case .unchanged:
            // Equal in time, yet v1's never came down: the log ended on what took the variant's down.
            if episode.v1.stillUp, episode.variant.first?.stillUp == false {
                return "\(before) → \(ms(episode.variantMs)) ms, the same time: the variant's came down as the log ended"
            }
            return "\(before), unchanged"
        case .removed:
            return "\(before) → none: removed"
        case .shortened:
            let pieces =
                episode.split
                ? " in \(episode.variant.count) pieces (" + episode.variant.map { ms($0.duration) }.joined(separator: " + ") + "; the pill came back)" : ""
            return "\(before) → \(ms(episode.variantMs)) ms\(pieces): shortened by \(ms(episode.removedMs)) ms"
        case .lengthened:
            return "\(before) → \(ms(episode.variantMs)) ms: WARNING: lengthened (it reaches outside v1's episode)"
        }
    }

    /// Both sides of the trade-off, v1's → the variant's: `  unannounced 800 → 800 ms, blinks 0 → 1, flashes 1 → 2`.
    private static func costs(_ costs: (v1: TradeOffCosts, variant: TradeOffCosts)) -> String {
        let (a, b) = costs
        return "  offline unannounced \(ms(a.unannouncedMs)) → \(ms(b.unannouncedMs)) ms, blinks \(a.blinks) → \(b.blinks), "
            + "flashes \(a.flashes) → \(b.flashes)"
    }

    private static func time(_ total: Double, _ episodes: Int) -> String {
        "\(ms(total)) ms in \(episodes) episode\(episodes == 1 ? "" : "s")"
    }

    private static func difference(_ comparison: PillComparisonTotals) -> String {
        let removed = comparison.removedMs
        if removed == 0 { return ": the same" }
        let share = comparison.v1Ms > 0 ? " (\(percent(abs(removed) / comparison.v1Ms)))" : ""
        return removed > 0 ? ": \(ms(removed)) ms less\(share)" : ": WARNING: \(ms(-removed)) ms more\(share)"
    }

    private static func percent(_ fraction: Double) -> String {
        formatMilliseconds((fraction * 1000).rounded() / 10) + "%"
    }

    private static func worseCount(_ pill: PillComparisonTotals) -> String {
        var parts: [String] = []
        let lengthened = pill.count(.lengthened)
        if lengthened > 0 { parts.append("\(lengthened) pill episode\(lengthened == 1 ? "" : "s") longer") }
        if pill.added > 0 { parts.append("\(pill.added) pill episode\(pill.added == 1 ? "" : "s") more") }
        return parts.joined(separator: " and ")
    }

    /// Over many recordings: what changed, the pill time before and after, and where the
    /// variant changed most (at most `listing` recordings).
    package static func totals(_ fleet: WhatIfFleet, listing: Int = 10) -> [String] {
        totals(fleet.totals(listing: listing))
    }

    package static func totals(_ totals: WhatIfTotals) -> [String] {
        let pill = totals.pill
        let name = totals.variant.name
        let recordings = totals.recordings
        var head = "totals: \(recordings) recording\(recordings == 1 ? "" : "s"), \(totals.changed) changed by \(name)"
        // Native recordings (no banner) are left out without a word, as the help says: a
        // count of them would only change with the corpus.
        if totals.notRead > 0 { head += " (\(totals.notRead) not read)" }
        var lines = [head]
        lines.append(
            "  pill up: v1 \(time(pill.v1Ms, pill.v1Episodes)), \(name) "
                + "\(time(pill.variantMs, pill.variantEpisodes))\(difference(pill))")
        lines.append(costs(totals.costs))
        lines.append(
            "  v1's episodes: \(pill.count(.shortened)) shortened (\(pill.splits) of them in pieces), "
                + "\(pill.count(.removed)) removed, \(pill.count(.unchanged)) unchanged; "
                + "\(pill.count(.lengthened)) lengthened, \(pill.added) added")
        let most = totals.changedMost
        if !most.isEmpty {
            lines.append("  changed most (pill time removed):")
            let width = most.map { ms($0.pill.removedMs).count }.max() ?? 0
            for recording in most {
                let c = recording.pill
                lines.append("    \(ms(c.removedMs).leftPadded(width)) ms  \(terminalSafe(recording.path)): \(ms(c.v1Ms)) → \(ms(c.variantMs)) ms")
            }
            if totals.changed > most.count { lines.append("    … and \(totals.changed - most.count) more") }
        }
        if !totals.worse.isEmpty {
            lines.append(
                "WARNING: \(name) lengthened \(pill.count(.lengthened)) and added \(pill.added) pill episodes, "
                    + "which a variant must never do (docs/variants.md): " + totals.worse.map { terminalSafe($0) }.joined(separator: ", "))
        }
        return lines
    }
}

/// `whatif --format jsonl`: a line per difference as it is decided, a line per recording, and
/// a totals line; each says what it is in `type`.
///
///     {"type":"difference","recording":"…","line":6,"t":3547.6,"v1":[],"variant":[{"t":3547.6,…}]}
///     {"type":"recording","recording":"…","variant":"recover-on-response","changed":true,"pillMs":{…},…}
///     {"type":"totals","variant":"recover-on-response","recordings":84,"changed":3,…}
package enum WhatIfJSON {
    private static let ms = formatMilliseconds

    package static func difference(_ difference: WhatIfDifference, path: String) -> String {
        var line = JSONLine()
        line.string("type", "difference")
        line.string("recording", path)
        if let number = difference.line { line.integer("line", number) } else { line.null("line") }
        if let t = difference.t { line.number("t", t) } else { line.null("t") }
        line.raw("v1", "[" + difference.v1.map(\.jsonLine).joined(separator: ",") + "]")
        line.raw("variant", "[" + difference.variant.map(\.jsonLine).joined(separator: ",") + "]")
        return line.text
    }

    package static func recording(_ recording: WhatIfRecording, listing: Int = WhatIfText.listedEpisodes) -> String {
        let episodes = recording.comparison.episodes, added = recording.comparison.added
        return recordingOpening(recording.summary) + episodes.prefix(listing).map(episode).joined(separator: ",")
            + recordingMiddle + added.prefix(listing).map(Self.added).joined(separator: ",")
            + recordingClosing(notListed: (max(episodes.count - listing, 0), max(added.count - listing, 0)))
    }

    /// A recording's line up to its episodes' array, opened: `{"type":"recording",…,"episodes":[`.
    /// Then the episodes (`episode`, separated by commas; the first `WhatIfText.listedEpisodes`),
    /// `recordingMiddle`, the added ones (`added`), and `recordingClosing`: `whatif` writes the
    /// episodes as they are decided.
    package static func recordingOpening(_ summary: WhatIfSummary) -> String {
        let pill = summary.pill
        var line = JSONLine()
        line.string("type", "recording")
        line.string("recording", summary.path)
        line.string("variant", summary.variant.name)
        line.bool("changed", summary.changed)
        line.integer("differences", summary.differences)
        line.raw("pillMs", pillMs(pill))
        line.raw("pillEpisodes", "{\"v1\":\(pill.v1Episodes),\"variant\":\(pill.variantEpisodes)}")
        line.raw("toasts", "{\"v1\":\(summary.toasts.v1),\"variant\":\(summary.toasts.variant)}")
        costs(summary.costs, into: &line)
        line.raw("episodes", "[")
        return String(decoding: line.bytes, as: UTF8.self)
    }

    package static let recordingMiddle = "],\"added\":["

    /// The end of a recording's line: with `"notListed"` when it did not list every episode.
    package static func recordingClosing(notListed: (episodes: Int, added: Int)) -> String {
        guard notListed.episodes > 0 || notListed.added > 0 else { return "]}" }
        return "],\"notListed\":{\"episodes\":\(notListed.episodes),\"added\":\(notListed.added)}}"
    }

    package static func totals(_ fleet: WhatIfFleet, listing: Int = 10) -> String {
        totals(fleet.totals(listing: listing))
    }

    package static func totals(_ totals: WhatIfTotals) -> String {
        let pill = totals.pill
        var line = JSONLine()
        line.string("type", "totals")
        line.string("variant", totals.variant.name)
        line.integer("recordings", totals.recordings)
        line.integer("changed", totals.changed)
        line.integer("native", totals.natives)
        line.integer("notRead", totals.notRead)
        line.raw("pillMs", pillMs(pill))
        var episodes = JSONLine()
        episodes.integer("v1", pill.v1Episodes)
        episodes.integer("variant", pill.variantEpisodes)
        for change in [PillComparison.Episode.Change.shortened, .removed, .unchanged, .lengthened] {
            episodes.integer(change.rawValue, pill.count(change))
        }
        episodes.integer("split", pill.splits)
        episodes.integer("added", pill.added)
        line.raw("episodes", episodes.text)
        costs(totals.costs, into: &line)
        line.raw(
            "changedMost",
            "["
                + totals.changedMost.map { recording in
                    var entry = JSONLine()
                    entry.string("recording", recording.path)
                    entry.number("removedMs", recording.pill.removedMs)
                    return entry.text
                }.joined(separator: ",") + "]")
        line.raw("worse", "[" + totals.worse.map { jsonString($0) }.joined(separator: ",") + "]")
        return line.text
    }

    /// `unannouncedMs`, `blinks` and `flashes`, each `{"v1":…,"variant":…}`.
    private static func costs(_ costs: (v1: TradeOffCosts, variant: TradeOffCosts), into line: inout JSONLine) {
        var unannounced = JSONLine(), blinks = JSONLine(), flashes = JSONLine()
        unannounced.number("v1", costs.v1.unannouncedMs)
        unannounced.number("variant", costs.variant.unannouncedMs)
        blinks.integer("v1", costs.v1.blinks)
        blinks.integer("variant", costs.variant.blinks)
        flashes.integer("v1", costs.v1.flashes)
        flashes.integer("variant", costs.variant.flashes)
        line.raw("unannouncedMs", unannounced.text)
        line.raw("blinks", blinks.text)
        line.raw("flashes", flashes.text)
    }

    private static func pillMs(_ comparison: PillComparisonTotals) -> String {
        var line = JSONLine()
        line.number("v1", comparison.v1Ms)
        line.number("variant", comparison.variantMs)
        line.number("removed", comparison.removedMs)
        return line.text
    }

    /// One v1 episode in a recording's `episodes`.
    package static func episode(_ episode: PillComparison.Episode) -> String {
        var line = JSONLine()
        line.number("start", episode.v1.start)
        line.number("end", episode.v1.end)
        line.string("cause", episode.v1.cause.rawValue)
        line.number("v1Ms", episode.v1.duration)
        line.number("variantMs", episode.variantMs)
        line.integer("variantEpisodes", episode.variant.count)
        line.string("change", episode.change.rawValue)
        return line.text
    }

    /// One variant episode in a recording's `added`.
    package static func added(_ episode: PillEpisode) -> String {
        var line = JSONLine()
        line.number("start", episode.start)
        line.number("end", episode.end)
        line.string("cause", episode.cause.rawValue)
        line.number("ms", episode.duration)
        return line.text
    }
}

/// `whatif` with a retry variant, for people: per native log, the automatic retries and the
/// probe's under v1 and under the variant; then the totals.
package enum NativeWhatIfText {
    static func columns(_ variant: RetryVariant) -> String {
        "".padded(18) + "v1".leftPadded(6) + variant.name.leftPadded(12) + "  change"
    }

    package static func lines(_ recording: NativeWhatIfRecording) -> [String] {
        [
            "\(terminalSafe(recording.path)): \(recording.platform.rawValue), v1 against \(recording.variant.name)"
                + (recording.changed ? "" : ": no change"),
            columns(recording.variant),
            row("automatic retries", recording.v1.automatic, recording.withVariant.automatic),
            row("  of them probe", recording.v1.probe, recording.withVariant.probe),
        ] + errorViewRow(recording.v1, recording.withVariant)
    }

    package static func totals(_ totals: NativeWhatIfTotals) -> [String] {
        let (v1, variant) = (totals.v1, totals.withVariant)
        var lines = [
            "total: \(totals.recordings) native log\(totals.recordings == 1 ? "" : "s"), "
                + "\(totals.changed) changed by \(totals.variant.name)"
                + (totals.webs > 0 ? "; \(totals.webs) web recording\(totals.webs == 1 ? "" : "s") skipped (no retry policy)" : "")
        ]
        lines.append(columns(totals.variant))
        lines.append(row("automatic retries", v1.automatic, variant.automatic))
        lines.append(row("  of them probe", v1.probe, variant.probe))
        lines += errorViewRow(v1, variant)
        return lines
    }

    private static func row(_ label: String, _ v1: Int, _ variant: Int) -> String {
        let change = variant == v1 ? "=" : (variant > v1 ? "+" : "") + String(variant - v1)
        return row(label, String(v1), String(variant), change)
    }

    /// The time on error views beside the retries: fewer retries can mean a user left
    /// longer on an error screen, and this row says so. The variants are compared by the
    /// policy's figure (`policyMs`); the app's own log (`shownMs`) is what the app did, the
    /// same under both, on a line of its own.
    private static func errorViewRow(_ v1: NativeWhatIfCounts, _ variant: NativeWhatIfCounts) -> [String] {
        let (a, b) = (v1.policyMs, variant.policyMs)
        let change = a == b ? "=" : (b > a ? "+" : "-") + formatMilliseconds(abs(b - a))
        return [
            row("policyMs", formatMilliseconds(a), formatMilliseconds(b), change),
            "shownMs".padded(18) + formatMilliseconds(v1.shownMs).leftPadded(6)
                + "  by the app's own log, the same under both: the variants are compared by policyMs",
        ]
    }

    private static func row(_ label: String, _ v1: String, _ variant: String, _ change: String) -> String {
        label.padded(18) + v1.leftPadded(6) + variant.leftPadded(12) + "  " + change
    }
}

/// `whatif` with a retry variant, as JSON lines: one per native log, then the totals.
///
///     {"type":"recording","recording":"…","variant":"probe-once","platform":"ios","changed":true,
///      "automaticRetries":{"v1":3,"variant":1},"probeRetries":{"v1":3,"variant":1},
///      "policyMs":{"v1":8200,"variant":9400},"shownMs":7600}
package enum NativeWhatIfJSON {
    package static func recording(_ recording: NativeWhatIfRecording) -> String {
        var line = JSONLine()
        line.string("type", "recording")
        line.string("recording", recording.path)
        line.string("variant", recording.variant.name)
        line.string("platform", recording.platform.rawValue)
        line.bool("changed", recording.changed)
        counts(recording.v1, recording.withVariant, into: &line)
        return line.text
    }

    package static func totals(_ totals: NativeWhatIfTotals) -> String {
        var line = JSONLine()
        line.string("type", "totals")
        line.string("variant", totals.variant.name)
        line.integer("recordings", totals.recordings)
        line.integer("changed", totals.changed)
        line.integer("web", totals.webs)
        line.integer("notRead", totals.notRead)
        counts(totals.v1, totals.withVariant, into: &line)
        return line.text
    }

    private static func counts(_ v1: NativeWhatIfCounts, _ variant: NativeWhatIfCounts, into line: inout JSONLine) {
        line.raw("automaticRetries", "{\"v1\":\(v1.automatic),\"variant\":\(variant.automatic)}")
        line.raw("probeRetries", "{\"v1\":\(v1.probe),\"variant\":\(variant.probe)}")
        // The variants are compared by the policy's figure; the app's own is one for both.
        var policyMs = JSONLine()
        policyMs.number("v1", v1.policyMs)
        policyMs.number("variant", variant.policyMs)
        line.raw("policyMs", policyMs.text)
        line.number("shownMs", v1.shownMs)
    }
}
