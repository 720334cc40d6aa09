import BannerFindings

/// Both sides of the debounce's trade-off for one banner over a log (docs/variants.md, "What
/// waiting and hurrying cost"). Waiting costs `unannouncedMs`: the user offline, the
/// controller connected, and no pill up. Hurrying costs `blinks`, pills shorter than the
/// blink threshold, and `flashes`, the green "back online" after each.
public struct TradeOffCosts: Equatable, Sendable {
    public var unannouncedMs: Double = 0
    public var blinks = 0
    public var flashes = 0

    public init(unannouncedMs: Double = 0, blinks: Int = 0, flashes: Int = 0) {
        self.unannouncedMs = unannouncedMs
        self.blinks = blinks
        self.flashes = flashes
    }

    public init(_ run: BannerRun, blinkMs: Double) {
        self.init(unannouncedMs: run.unannouncedMs, blinks: run.blinks(under: blinkMs), flashes: run.flashes)
    }

    public static func + (a: TradeOffCosts, b: TradeOffCosts) -> TradeOffCosts {
        TradeOffCosts(unannouncedMs: a.unannouncedMs + b.unannouncedMs, blinks: a.blinks + b.blinks, flashes: a.flashes + b.flashes)
    }
}

/// The row `tune --plot` marks: the lowest normalised cost, where each side of the trade-off
/// (`unannouncedMs`, and blinks + flashes) is divided by its largest value over the rows and
/// the two are added, with equal weight. The first such row in row order wins a tie. A side
/// that is 0 in every row costs nothing.
public struct TuneChoice: Equatable, Sendable {
    public var row: TuneRow
    public var waiting: Double
    public var hurrying: Double
    public var score: Double { waiting + hurrying }
    public var maxUnannouncedMs: Double
    public var maxInterruptions: Int

    public static func balanced(_ rows: [TuneRow]) -> TuneChoice? {
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
