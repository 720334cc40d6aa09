import BannerFindings

/// Both sides of the debounce's trade-off for one banner over a log (docs/variants.md, "What
/// waiting and hurrying cost"). Waiting costs `unannouncedMs`: the user offline, the
/// controller connected, and no pill up. Hurrying costs `blinks`, pills shorter than the
/// blink threshold, and `flashes`, the green "back online" after each.
package struct TradeOffCosts: Equatable, Sendable {
    package var unannouncedMs: Double = 0
    package var blinks = 0
    package var flashes = 0

    package init(unannouncedMs: Double = 0, blinks: Int = 0, flashes: Int = 0) {
        self.unannouncedMs = unannouncedMs
        self.blinks = blinks
        self.flashes = flashes
    }

    package init(_ run: BannerRun, blinkMs: Double) {
        self.init(unannouncedMs: run.unannouncedMs, blinks: run.blinks(under: blinkMs), flashes: run.flashes)
    }

    package static func + (a: TradeOffCosts, b: TradeOffCosts) -> TradeOffCosts {
        TradeOffCosts(unannouncedMs: a.unannouncedMs + b.unannouncedMs, blinks: a.blinks + b.blinks, flashes: a.flashes + b.flashes)
    }
}

/// The row `tune --plot` marks: the lowest normalised cost, where each side of the trade-off
/// (`unannouncedMs`, and blinks + flashes) is divided by its largest value over the rows and
/// the two are added, with equal weight. The first such row in row order wins a tie. A side
/// that is 0 in every row costs nothing.
package struct TuneChoice: Equatable, Sendable {
    package var row: TuneRow
    package var waiting: Double
    package var hurrying: Double
    package var score: Double { waiting + hurrying }
    package var maxUnannouncedMs: Double
    package var maxInterruptions: Int

    package static func balanced(_ rows: [TuneRow]) -> TuneChoice? {
        let maxU = rows.map(\.unannouncedMs).max() ?? 0
        let maxI = rows.map(\.interruptions).max() ?? 0
        var best: TuneChoice?
        for row in rows {
            let choice = TuneChoice(
                row: row, waiting: maxU > 0 ? row.unannouncedMs / maxU : 0,
                hurrying: maxI > 0 ? Double(row.interruptions) / Double(maxI) : 0,
                maxUnannouncedMs: maxU, maxInterruptions: maxI)
            if best.map({ choice.score < $0.score }) ?? true { best = choice }
        }
        return best
    }
}
