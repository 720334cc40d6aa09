import OfflineBanner
import Testing
import TurboRecording

@testable import Fleet
@testable import Reports
@testable import VariantAnalysis

/// `tune`'s table and JSON lines, from rows made by hand: docs/variants.md's two-drops example
/// line for line, and the edge rows.
@Suite("TuneReport")
struct TuneReportTests {
    static func row(
        _ debounce: Double, _ variant: BannerVariant? = nil, _ figures: (episodes: Int, ms: Double, flaps: Int, unannounced: Double, blinks: Int, flashes: Int)
    )
        -> TuneRow
    {
        var row = TuneRow(combination: TuneCombination(debounce: debounce, flash: 2000, variant: variant))
        row.recordings = 1
        row.pillEpisodes = figures.episodes
        row.pillMs = figures.ms
        row.flapsSuppressed = figures.flaps
        row.unannouncedMs = figures.unannounced
        row.blinks = figures.blinks
        row.flashes = figures.flashes
        return row
    }

    static let twoDrops = [row(300, nil, (2, 2710, 0, 600, 1, 2)), row(800, nil, (1, 2200, 1, 1110, 0, 1))]

    @Test("the docs' two-drops table, exactly")
    func docsTable() {
        let tune = Tune(
            combinations: Self.twoDrops.map(\.combination), files: [TuneFile(path: "docs/examples/two-drops.jsonl", outcome: .replayed(Self.twoDrops))])
        #expect(
            TuneReport.text(tune) == [
                "tune: 1 recording; 1 variant × 2 debounces × 1 flash = 2 combinations; a blink is a pill under 1000 ms",
                "  debounce ms  flash ms  variant  recordings  pill episodes  pill ms  toasts  flaps suppressed  unannounced ms  blinks  flashes",
                "          300      2000  v1                1              2     2710       0                 0             600       1        2",
                "          800      2000  v1                1              1     2200       0                 1            1110       0        1",
            ])
    }

    @Test("no log read: zero recordings, the logs not read counted, every figure 0; a wide variant widens its column")
    func empty() {
        let combination = TuneCombination(debounce: 800.5, flash: 0, variant: .recoverOnResponse)
        let failed = TuneFile(path: "bad.jsonl", outcome: .failed(RecordingError(.unreadable, path: "bad.jsonl", line: nil, "gone")))
        let tune = Tune(combinations: [combination], files: [failed], blinkMs: 250)
        #expect(
            TuneReport.text(tune) == [
                "tune: 0 recordings (1 not read); 1 variant × 1 debounce × 1 flash = 1 combination; a blink is a pill under 250 ms",
                "  debounce ms  flash ms  variant              recordings  pill episodes  pill ms  toasts  flaps suppressed  unannounced ms  blinks  flashes",
                "        800.5         0  recover-on-response           0              0        0       0                 0               0       0        0",
            ])
    }

    @Test("one JSON object per combination, keys in order; v1 is a null variant")
    func json() {
        #expect(
            TuneReport.json(Self.twoDrops[0])
                == #"{"debounceMs":300,"flashMs":2000,"variant":null,"sessions":1,"pillEpisodes":2,"pillMs":2710,"toasts":0,"flapsSuppressed":0,"unannouncedMs":600,"blinks":1,"flashes":2}"#
        )
        #expect(
            TuneReport.json(Self.row(0.25, .recoverOnResponse, (0, 0, 0, 0.125, 0, 0)))
                == #"{"debounceMs":0.25,"flashMs":2000,"variant":"recover-on-response","sessions":1,"pillEpisodes":0,"pillMs":0,"toasts":0,"flapsSuppressed":0,"unannouncedMs":0.125,"blinks":0,"flashes":0}"#
        )
        #expect(TuneReport.name(nil) == "v1" && TuneReport.name(.recoverOnResponse) == "recover-on-response")
    }
}
