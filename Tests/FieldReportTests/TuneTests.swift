import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OfflineBanner
import PolicyCore
import Replay
@testable import TestSupport
import Testing
import TurboRecording
@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import VariantAnalysis

/// `tune`: one row per combination, counted as `stats` counts, the same for any number of jobs.
@Suite struct TuneTests {
    static func paths() throws -> [String] { try RecordingFiles.find(in: [packageRoot + "/recordings"]) }

    @Test func combinationsComeV1FirstThenByDebounceThenFlash() {
        let all = TuneCombination.all(debounces: [300, 800], flashes: [2000, 3000], variants: [.recoverOnResponse])
        #expect(all.map { "\(TuneReport.name($0.variant)) \(Int($0.debounce)) \(Int($0.flash))" } == [
            "v1 300 2000", "v1 300 3000", "v1 800 2000", "v1 800 3000",
            "recover-on-response 300 2000", "recover-on-response 300 3000",
            "recover-on-response 800 2000", "recover-on-response 800 3000",
        ])
    }

    @Test func v1AtTheDefaultsCountsWhatStatsCounts() throws {
        let paths = try Self.paths()
        let row = try #require(Tune.analyze(paths, settings: BannerSettings(),
                                            combinations: [TuneCombination(debounce: 800, flash: 2000, variant: nil)], jobs: 2).rows.first)
        let stats = FleetStats.analyze(paths, jobs: 2)
        #expect(row.sessions == stats.summaries.count)
        #expect(row.pillEpisodes == stats.pillEpisodes)
        // Added in another order (tune episode by episode, stats cause by cause): equal but for rounding.
        #expect(abs(row.pillMs - stats.pillMs) <= 1e-9 * stats.pillMs)
        #expect(row.toasts == stats.toasts)
        #expect(row.flapsSuppressed == stats.findings.first { $0.kind == .flapSuppressed }?.count)
    }

    @Test func sameRowsWithOneJobOrTwo() throws {
        let combinations = TuneCombination.all(debounces: [0, 300, 800, 1500], flashes: [500, 2000], variants: [.recoverOnResponse])
        let one = Tune.analyze(try Self.paths(), settings: BannerSettings(), combinations: combinations, jobs: 1)
        let two = Tune.analyze(try Self.paths(), settings: BannerSettings(), combinations: combinations, jobs: 2)
        #expect(one.rows == two.rows)
        #expect(one.rows.map(TuneReport.json) == two.rows.map(TuneReport.json))
    }

    @Test func flapsAreDebouncesThatOnlineCancelled() throws {
        let files = try TemporaryRecordings()
        let path = try files.write("flaps.jsonl", [
            #"{"t":0,"type":"offline"}"#,
            #"{"t":500,"type":"online"}"#,       // cancels the debounce: a flap suppressed
            #"{"t":1000,"type":"offline"}"#,
            #"{"t":1800,"type":"online"}"#,      // the debounce fired at 1800 first: a pill, not a flap
            #"{"t":3000,"type":"offline"}"#,
            #"{"t":3100,"type":"disconnect"}"#,  // cancelled, but not by online
            #"{"t":3200,"type":"connect"}"#,
            #"{"t":3300,"type":"online"}"#,
        ])
        let rows = Tune.analyze([path], settings: BannerSettings(),
                                combinations: TuneCombination.all(debounces: [300, 800], flashes: [2000], variants: []), jobs: 1).rows
        #expect(rows.map(\.flapsSuppressed) == [0, 1])
        #expect(rows.map(\.pillEpisodes) == [2, 1])
        #expect(rows.map(\.pillMs) == [200 + 500, 0])  // 300–500, 1300–1800; at 800 the pill shows at 1800 and goes at once
    }

    @Test func theVariantOnlyRemovesPillTime() throws {
        let combinations = TuneCombination.all(debounces: [300, 800, 1500], flashes: [2000], variants: [.recoverOnResponse])
        let rows = Tune.analyze(try Self.paths(), settings: BannerSettings(), combinations: combinations, jobs: 2).rows
        for (v1, variant) in zip(rows.prefix(3), rows.suffix(3)) {
            #expect(variant.pillMs < v1.pillMs)
            #expect(variant.toasts == v1.toasts && variant.flapsSuppressed == v1.flapsSuppressed)
        }
    }

    @Test func thePlotIsSelfContainedAndEscapesWhatTheUserTyped() throws {
        let combinations = TuneCombination.all(debounces: [300, 800], flashes: [2000, 3000], variants: [.recoverOnResponse])
        let tune = Tune.analyze(try Self.paths(), settings: BannerSettings(), combinations: combinations, jobs: 2)
        let svg = TunePlot.render(tune, about: #"tune logs/</text><script>alert("x")</script>&"#)
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(check.elements.first == "svg")
        #expect(!check.elements.contains("script") && !check.elements.contains("image") && !check.elements.contains("foreignObject"))
        #expect(!check.attributes.keys.contains { $0.hasSuffix("href") })
        #expect(check.text.contains(#"tune logs/</text><script>alert("x")</script>&"#))
        for text in ["pill time shown", "flaps suppressed", "offline debounce (ms)", "v1, flash 2000 ms", "recover-on-response, flash 3000 ms"] {
            #expect(check.text.contains(text), "\(text)")
        }
    }
}
