import BannerFindings
import OfflineBanner
import Replay
import TurboRecording
import VariantAnalysis

/// Where `whatif` writes one recording's report: bytes, each piece whole lines (standard output,
/// or a spool the fleet copies out in path order), and `decided`, called after each difference
/// (standard input's report flushes there, so a log still arriving shows it as it happens).
package struct WhatIfOutput {
    package var write: ([UInt8]) throws -> Void
    package var decided: () throws -> Void

    package init(write: @escaping ([UInt8]) throws -> Void, decided: @escaping () throws -> Void = {}) {
        self.write = write
        self.decided = decided
    }

    func line(_ text: String) throws {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        try write(bytes)
    }
}

/// One recording's `whatif` report, written as the recording is read: each difference when it
/// is decided; each v1 episode's line (and each added episode's) set aside in a `TextSpool` when
/// the pairing decides it; at the end the summary's first lines, which need the totals, then
/// the episodes' lines, then the rest. It prints what `WhatIfText`/`WhatIfJSON` print for the
/// whole `WhatIfRecording`, byte for byte, and keeps counts, whatever the length of the log.
package struct WhatIfStream {
    package var jsonl: Bool
    /// Text only: the report of a recording the variant did not change is written too (one
    /// recording alone; a fleet prints only the changed ones).
    package var unchanged: Bool
    /// Text only: the header is written before the first record is read (standard input, so a
    /// person sees which report it is at once), not with the first difference.
    package var headerFirst: Bool
    /// The bytes of episodes' lines held in memory before they go to a temporary file (tests
    /// make it small, to write the file on a short log).
    package var spoolInMemory: Int
    /// How many v1 episodes (and added ones) the report lists: what is set aside is bounded by
    /// it, however long the log (`WhatIfText.listedEpisodes`; tests make it small).
    package var listing: Int

    package init(
        jsonl: Bool, unchanged: Bool, headerFirst: Bool = false, spoolInMemory: Int = TextSpool.inMemory,
        listing: Int = WhatIfText.listedEpisodes
    ) {
        self.jsonl = jsonl
        self.unchanged = unchanged
        self.headerFirst = headerFirst
        self.spoolInMemory = spoolInMemory
        self.listing = listing
    }

    /// Reads `reader` to its end through v1 and the variant and writes the report to `out`.
    /// A malformed line stops it with its error, after the differences decided before it.
    package func write(
        _ reader: RecordingReader, settings: BannerSettings, variant: BannerVariant, blinkMs: Double = Tune.defaultBlinkMs,
        to out: WhatIfOutput
    ) throws -> WhatIfSummary {
        var whatIf = WhatIf(settings: settings, variant: variant, blinkMs: blinkMs)
        let episodes = ListedLines(jsonl: jsonl, limit: listing, spoolInMemory: spoolInMemory)
        let added = ListedLines(jsonl: jsonl, limit: listing, spoolInMemory: spoolInMemory)
        let path = reader.path
        var headed = false, differences = false
        if headerFirst, !jsonl {
            for line in WhatIfText.header(path: path, variant: variant) { try out.line(line) }
            headed = true
        }
        let emit: (WhatIfDifference) throws -> Void = { difference in
            if jsonl {
                try out.line(WhatIfJSON.difference(difference, path: path))
            } else {
                if !headed { for line in WhatIfText.header(path: path, variant: variant) { try out.line(line) } }
                if !differences { try out.line(WhatIfText.columns(variant: variant)) }
                for row in WhatIfText.rows(difference) { try out.line(row) }
            }
            headed = true
            differences = true
            try out.decided()
        }
        func take() {
            whatIf.takeEpisodes(
                { episodes.add(jsonl ? WhatIfJSON.episode($0) : WhatIfText.episodeLine($0)) },
                added: { added.add(jsonl ? WhatIfJSON.added($0) : WhatIfText.addedLine($0)) })
        }
        try reader.forEach { record in
            try whatIf.feed(record, emit: emit)
            take()
        }
        try whatIf.finish(emit: emit)
        take()
        let summary = whatIf.summary(path: path)
        try finish(summary, headed: headed, episodes: episodes, added: added, to: out)
        return summary
    }

    /// The recording's summary (text) or its line (JSON), with the episodes set aside.
    private func finish(
        _ summary: WhatIfSummary, headed: Bool, episodes: ListedLines, added: ListedLines, to out: WhatIfOutput
    ) throws {
        if jsonl {
            try out.write(Array(WhatIfJSON.recordingOpening(summary).utf8))
            try episodes.lines.drain(into: out.write)
            try out.write(Array(WhatIfJSON.recordingMiddle.utf8))
            try added.lines.drain(into: out.write)
            try out.line(WhatIfJSON.recordingClosing(notListed: (episodes.notListed, added.notListed)))
            return
        }
        guard summary.changed || unchanged else { return }
        if !headed { for line in WhatIfText.header(path: summary.path, variant: summary.variant) { try out.line(line) } }
        for line in WhatIfText.summaryHead(summary) { try out.line(line) }
        try episodes.lines.drain(into: out.write)
        for line in WhatIfText.notListed(episodes.notListed, "v1 episode", listing: listing) { try out.line(line) }
        try added.lines.drain(into: out.write)
        for line in WhatIfText.notListed(added.notListed, "added episode", listing: listing) { try out.line(line) }
        for line in WhatIfText.summaryTail(summary) { try out.line(line) }
    }
}
