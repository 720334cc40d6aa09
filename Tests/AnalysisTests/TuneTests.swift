import Foundation
import OfflineBanner
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `tune`: one row per combination, counted as `stats` counts, the same for any number of jobs.
@Suite struct TuneTests {
    static func paths() throws -> [String] { try RecordingFiles.find(in: [packageRoot + "/recordings"]) }

    @Test func combinationsComeV1FirstThenByDebounceThenFlash() {
        let all = TuneCombination.all(debounces: [300, 800], flashes: [2000, 3000], variants: [.recoverOnResponse])
        #expect(
            all.map { "\(TuneReport.name($0.variant)) \(Int($0.debounce)) \(Int($0.flash))" } == [
                "v1 300 2000", "v1 300 3000", "v1 800 2000", "v1 800 3000",
                "recover-on-response 300 2000", "recover-on-response 300 3000",
                "recover-on-response 800 2000", "recover-on-response 800 3000",
            ])
    }

    @Test func v1AtTheDefaultsCountsWhatStatsCounts() throws {
        let paths = try Self.paths()
        let row = try #require(
            Tune.analyze(paths, reading: TuneReading(combinations: [TuneCombination(debounce: 800, flash: 2000, variant: nil)]), jobs: 2).rows.first)
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(row.recordings == stats.summaries.count)
        #expect(row.pillEpisodes == stats.pillEpisodes)
        // Added in another order (tune episode by episode, stats cause by cause): equal but for rounding.
        #expect(abs(row.pillMs - stats.pillMs) <= 1e-9 * stats.pillMs)
        #expect(row.toasts == stats.toasts)
        #expect(row.flapsSuppressed == stats.findings.first { $0.kind == .flapSuppressed }?.count)
    }

    @Test func sameRowsWithOneJobOrTwo() throws {
        let combinations = TuneCombination.all(debounces: [0, 300, 800, 1500], flashes: [500, 2000], variants: [.recoverOnResponse])
        let one = Tune.analyze(try Self.paths(), reading: TuneReading(combinations: combinations), jobs: 1)
        let two = Tune.analyze(try Self.paths(), reading: TuneReading(combinations: combinations), jobs: 2)
        #expect(one.rows == two.rows)
        #expect(one.rows.map(TuneReport.json) == two.rows.map(TuneReport.json))
    }

    /// The report adds each log up as it is read (`Tune.sum`), in key order, instead of holding
    /// every log until the end: the same rows to the last bit, the same counts, and the logs
    /// handed over in the order the held run sorts them, with a malformed log among them.
    @Test(arguments: [1, 3]) func summedAsReadIsWhatIsHeldThenSorted(jobs: Int) throws {
        let combinations = TuneCombination.all(debounces: [0, 800], flashes: [2000], variants: [.recoverOnResponse])
        let malformed = try Fixtures.file("{\"type\":\"meta\",\"version\":1}\n{\"t\":oops\n", name: "malformed.jsonl")
        let paths = try Self.paths() + [malformed]
        let held = Tune.analyze(paths, reading: TuneReading(combinations: combinations), jobs: 1)
        var seen: [TuneFile] = []
        let summed = try Tune.sum(FleetLogs.listing(paths), reading: TuneReading(combinations: combinations), jobs: jobs) { seen.append($0) }
        #expect(summed.rows == held.rows)
        #expect(summed.rows.map(TuneReport.json) == held.rows.map(TuneReport.json))
        #expect(seen == held.keyed.map(\.file))
        #expect((summed.recordings, summed.natives, summed.failureCount) == (held.recordings, held.natives, held.failureCount))
        #expect(summed.failureCount == 1 && summed.natives > 0)
    }

    @Test func flapsAreDebouncesThatOnlineCancelled() throws {
        let files = try TemporaryRecordings()
        let path = try files.write(
            "flaps.jsonl",
            [
                #"{"t":0,"type":"offline"}"#,
                #"{"t":500,"type":"online"}"#,  // cancels the debounce: a flap suppressed
                #"{"t":1000,"type":"offline"}"#,
                #"{"t":1800,"type":"online"}"#,  // the debounce fired at 1800 first: a pill, not a flap
                #"{"t":3000,"type":"offline"}"#,
                #"{"t":3100,"type":"disconnect"}"#,  // cancelled, but not by online
                #"{"t":3200,"type":"connect"}"#,
                #"{"t":3300,"type":"online"}"#,
            ])
        let rows = Tune.analyze(
            [path], reading: TuneReading(combinations: TuneCombination.all(debounces: [300, 800], flashes: [2000], variants: [])), jobs: 1
        ).rows
        #expect(rows.map(\.flapsSuppressed) == [0, 1])
        #expect(rows.map(\.pillEpisodes) == [2, 1])
        #expect(rows.map(\.pillMs) == [200 + 500, 0])  // 300–500, 1300–1800; at 800 the pill shows at 1800 and goes at once
    }

    @Test func theVariantOnlyRemovesPillTime() throws {
        let combinations = TuneCombination.all(debounces: [300, 800, 1500], flashes: [2000], variants: [.recoverOnResponse])
        let rows = Tune.analyze(try Self.paths(), reading: TuneReading(combinations: combinations), jobs: 2).rows
        for (v1, variant) in zip(rows.prefix(3), rows.suffix(3)) {
            #expect(variant.pillMs < v1.pillMs)
            #expect(variant.toasts == v1.toasts && variant.flapsSuppressed == v1.flapsSuppressed)
        }
    }

    @Test func thePlotIsSelfContainedAndEscapesWhatTheUserTyped() throws {
        let combinations = TuneCombination.all(debounces: [300, 800], flashes: [2000, 3000], variants: [.recoverOnResponse])
        let tune = Tune.analyze(try Self.paths(), reading: TuneReading(combinations: combinations), jobs: 2)
        let svg = TunePlot.render(tune, about: #"tune logs/</text><script>alert("x")</script>&"#)
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(check.elements.first == "svg")
        #expect(!check.elements.contains("script") && !check.elements.contains("image") && !check.elements.contains("foreignObject"))
        #expect(!check.attributes.keys.contains { $0.hasSuffix("href") })
        #expect(check.text.contains(#"tune logs/</text><script>alert("x")</script>&"#))
        for text in [
            "waiting: time offline with no pill shown", "hurrying: blinks + flashes", "offline debounce (ms)", "v1, flash 2000 ms",
            "recover-on-response, flash 3000 ms", "Score: waiting ÷ its largest value in these rows",
        ] {
            #expect(check.text.contains(text), "\(text)")
        }
    }

    // MARK: - Both sides of the trade-off

    /// docs/variants.md, "What waiting and hurrying cost": the worked example, by hand.
    @Test func theWorkedExampleOfTheDocs() throws {
        let rows = Tune.analyze(
            [packageRoot + "/docs/examples/two-drops.jsonl"],
            reading: TuneReading(combinations: TuneCombination.all(debounces: [300, 800], flashes: [2000], variants: [])), jobs: 1
        ).rows
        // 300: 1000–1300 and 5000–5300 unannounced; a 10 ms blink (1300–1310); two flashes.
        // 800: the first drop suppressed, all 310 ms of it unannounced, then 5000–5800; one flash.
        #expect(rows.map(\.unannouncedMs) == [600, 1110])
        #expect(rows.map(\.blinks) == [1, 0])
        #expect(rows.map(\.flashes) == [2, 1])
        #expect(rows.map(\.pillMs) == [2710, 2200])
    }

    @Test func unannouncedTimeIsConnectedOfflineAndNoPill() throws {
        let files = try TemporaryRecordings()
        let path = try files.write(
            "u.jsonl",
            [
                #"{"t":0,"type":"offline"}"#,  // connected from the start: 0–300 until the pill
                #"{"t":500,"type":"online"}"#,  // flash to 2500
                #"{"t":600,"type":"offline"}"#,  // over the flash: unannounced from 600…
                #"{"t":700,"type":"disconnect"}"#,  // …to the page going: 100
                #"{"t":800,"type":"connect","online":false}"#,  // a pill at once: none
                #"{"t":900,"type":"turbo:before-fetch-response","statusCode":200}"#,
                #"{"t":1000,"type":"pagehide","persisted":true}"#,  // frozen, not gone
                #"{"t":1100,"type":"online"}"#,
                #"{"t":1200,"type":"offline"}"#,  // the debounce fires after the log's last record: 300 more
            ])
        let rows = Tune.analyze(
            [path], reading: TuneReading(combinations: TuneCombination.all(debounces: [300], flashes: [2000], variants: [.recoverOnResponse])), jobs: 1
        ).rows
        #expect(rows.map(\.unannouncedMs) == [700, 700])
        #expect(rows.map(\.flashes) == [2, 2])
        // 300–500 (200 ms), 800–1100 (300 ms) and 1500 to the end of the log, the debounce's own time: 0 ms.
        #expect(rows.map(\.blinks) == [3, 3])
        let long = Tune.analyze(
            [path], reading: TuneReading(combinations: [TuneCombination(debounce: 300, flash: 2000, variant: nil)], blinkMs: 250), jobs: 1
        ).rows
        #expect(long.map(\.blinks) == [2])
    }

    @Test func theChoiceIsTheLowestNormalisedSum() {
        func row(_ debounce: Double, _ unannounced: Double, _ blinks: Int, _ flashes: Int) -> TuneRow {
            var row = TuneRow(combination: TuneCombination(debounce: debounce, flash: 2000, variant: nil))
            (row.unannouncedMs, row.blinks, row.flashes) = (unannounced, blinks, flashes)
            return row
        }
        // 300: 100/400 + 10/10 = 1.25; 800: 200/400 + 4/10 = 0.9; 1500: 400/400 + 2/10 = 1.2.
        let choice = TuneChoice.balanced([row(300, 100, 6, 4), row(800, 200, 1, 3), row(1500, 400, 0, 2)])
        #expect(choice?.row.combination.debounce == 800)
        #expect(choice?.score == 0.9)
        #expect(choice?.maxUnannouncedMs == 400 && choice?.maxInterruptions == 10)
        #expect(TuneChoice.balanced([]) == nil)
        // Nothing on either side: every row scores 0, and the first wins.
        #expect(TuneChoice.balanced([row(300, 0, 0, 0), row(800, 0, 0, 0)])?.row.combination.debounce == 300)
    }

    @Test func thePlotRingsTheChoiceAndNamesIt() throws {
        let combinations = TuneCombination.all(debounces: [300, 800, 1500], flashes: [2000], variants: [.recoverOnResponse])
        let tune = Tune.analyze(try Self.paths(), reading: TuneReading(combinations: combinations), jobs: 2)
        let choice = try #require(TuneChoice.balanced(tune.rows))
        let svg = TunePlot.render(tune, about: "tune recordings")
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        let named = "Ringed: \(TuneReport.name(choice.row.combination.variant)) at a \(formatMilliseconds(choice.row.combination.debounce)) ms debounce"
        #expect(check.text.contains(named))
        #expect(check.text.contains("Over the \(tune.recordings) recordings that “tune recordings” read"))
        // One ring per panel, and nothing else is drawn with no fill.
        #expect(svg.components(separatedBy: #"r="10" fill="none""#).count - 1 == 2)
    }
}
