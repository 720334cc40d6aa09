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

/// banner-variants.md, "Comparing": each v1 episode against what the variant made of it, and
/// the corpus compared, where the dead upstreams lose their stale pill and nothing gets worse.
@Suite struct WhatIfTests {
    let variant = BannerVariant.recoverOnResponse

    func episode(_ start: Double, _ end: Double, _ cause: BannerCause = .fetchRequestError) -> PillEpisode {
        PillEpisode(start: start, end: end, cause: cause)
    }

    // MARK: - One episode against the variant's

    @Test func theSameEpisodeIsUnchanged() {
        let comparison = PillComparison(v1: [episode(100, 900, .offline)], variant: [episode(100, 900, .offline)])
        #expect(comparison.episodes.map(\.change) == [.unchanged])
        #expect(comparison.removedMs == 0 && comparison.worse == 0)
    }

    @Test func anEpisodeEndedEarlierIsShortened() {
        let comparison = PillComparison(v1: [episode(1239.6, 5168.1)], variant: [episode(1239.6, 3547.6)])
        #expect(comparison.episodes.map(\.change) == [.shortened])
        #expect(formatMilliseconds(comparison.removedMs) == "1620.5")
    }

    @Test func aPillThatCameBackShortensInPieces() {
        let comparison = PillComparison(v1: [episode(1000, 4000)], variant: [episode(1000, 1300), episode(2300, 4000, .offline)])
        #expect(comparison.episodes.map(\.change) == [.shortened])
        #expect(comparison.splits == 1 && comparison.variantEpisodes == 2)
        #expect(comparison.removedMs == 1000)
    }

    @Test func anEpisodeWithNothingLeftIsRemoved() {
        let comparison = PillComparison(v1: [episode(100, 200), episode(500, 900)], variant: [episode(500, 900)])
        #expect(comparison.episodes.map(\.change) == [.removed, .unchanged])
    }

    @Test func reachingOutsideV1sEpisodeIsLengthenedAndOverlappingNoneIsAdded() {
        let comparison = PillComparison(v1: [episode(100, 200)], variant: [episode(100, 250), episode(400, 500)])
        #expect(comparison.episodes.map(\.change) == [.lengthened])
        #expect(comparison.added == [episode(400, 500)])
        #expect(comparison.worse == 2)
    }

    @Test func worseEpisodesAreSaidLoudly() {
        let recording = WhatIfRecording(
            path: "r.jsonl", variant: variant, differences: [],
            comparison: PillComparison(v1: [episode(100, 200)], variant: [episode(100, 250), episode(400, 500)]),
            toasts: (0, 0))
        let text = WhatIfText.summary(recording)
        #expect(text.contains { $0.contains("WARNING: lengthened") })
        #expect(text.contains { $0.hasPrefix("    WARNING: added an episode at 400 (fetch-request-error), 100 ms") })
        #expect(
            text.last
                == "  WARNING: recover-on-response made 1 pill episode longer and 1 pill episode more here, which a variant must never do (docs/variants.md)")
        let fleet = WhatIfFleet(WhatIfReading(variant: variant), files: [WhatIfFile(path: "r.jsonl", outcome: .compared(recording))])
        #expect(WhatIfText.totals(fleet).last?.hasPrefix("WARNING: recover-on-response lengthened 1 and added 1 pill episodes") == true)
    }

    // MARK: - Two timelines, record by record

    @Test func differencesAreTheRecordsWhoseDecisionsDiffer() throws {
        let reader = RecordingReader(
            lines: JSONLines(
                bytes: Array(
                    """
                    {"t":0,"type":"connect"}
                    {"t":1000,"type":"turbo:fetch-request-error","target":"turbo-frame#feed"}
                    {"t":1500,"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#feed"}
                    {"t":1600,"type":"turbo:frame-load","target":"turbo-frame#feed"}

                    """.utf8), name: "r"), keepObserved: false)
        let recording = try WhatIfRecording.analyze(reader, settings: BannerSettings(), variant: variant)
        #expect(
            recording.differences == [
                WhatIfDifference(
                    line: 3, t: 1500, v1: [],
                    variant: [.banner(BannerChange(t: 1500, banner: .backOnline, label: "De nuevo en línea", cause: .response))]),
                WhatIfDifference(
                    line: nil, t: nil, v1: [],
                    variant: [.banner(BannerChange(t: 3500, banner: .hidden, label: nil, cause: .flashElapsed))]),
            ])
        #expect(recording.comparison.episodes.map(\.v1.duration) == [600])  // v1's ends with the log, at 1600
        #expect(recording.comparison.episodes.map(\.variantMs) == [500])
    }

    /// 08-pill-again-after-recovery: the variant takes the stale pill down at 1300, so the real
    /// offline at 1500 waits out its debounce unannounced (to 2300), where v1's pill was still up.
    @Test func bothSidesOfTheTradeOffForV1AndTheVariant() throws {
        let fleet = try Self.corpus()
        let recording = try #require(fleet.recordings.first { $0.path.hasSuffix("variants/08-pill-again-after-recovery.jsonl") })
        #expect(recording.costs.v1 == TradeOffCosts(unannouncedMs: 0, blinks: 0, flashes: 1))
        #expect(recording.costs.variant == TradeOffCosts(unannouncedMs: 800, blinks: 1, flashes: 2))  // the 300 ms piece blinks
        #expect(WhatIfText.summary(recording).contains("  offline unannounced 0 → 800 ms, blinks 0 → 1, flashes 1 → 2"))
        #expect(
            WhatIfJSON.recording(recording).contains(
                #""toasts":{"v1":0,"variant":0},"unannouncedMs":{"v1":0,"variant":800},"blinks":{"v1":0,"variant":1},"flashes":{"v1":1,"variant":2},"episodes":"#
            ))
        // The totals are tune's at the same timings, v1 and variant rows.
        let rows = Tune.analyze(
            try RecordingFiles.find(in: [packageRoot + "/recordings"]),
            reading: TuneReading(combinations: TuneCombination.all(debounces: [800], flashes: [2000], variants: [variant])), jobs: 2
        ).rows
        for (costs, row) in zip([fleet.costs.v1, fleet.costs.variant], rows) {
            #expect(costs == TradeOffCosts(unannouncedMs: row.unannouncedMs, blinks: row.blinks, flashes: row.flashes))
        }
        let (v1, variantCosts) = (fleet.costs.v1, fleet.costs.variant)
        #expect(
            WhatIfJSON.totals(fleet).contains(
                #""unannouncedMs":{"v1":\#(formatMilliseconds(v1.unannouncedMs)),"variant":\#(formatMilliseconds(variantCosts.unannouncedMs))},"#
                    + #""blinks":{"v1":\#(v1.blinks),"variant":\#(variantCosts.blinks)},"flashes":{"v1":\#(v1.flashes),"variant":\#(variantCosts.flashes)}"#))
    }

    @Test func theComparisonIsAlwaysWithV1() throws {
        let whatIf = WhatIf(settings: BannerSettings(variants: [.recoverOnResponse]), variant: variant)
        #expect(whatIf.v1.settings.variants.isEmpty)
        #expect(whatIf.withVariant.settings.variants == [.recoverOnResponse])
    }

    // MARK: - The corpus

    static func corpus(jobs: Int = 2) throws -> WhatIfFleet {
        WhatIfFleet.analyze(try RecordingFiles.find(in: [packageRoot + "/recordings"]), reading: WhatIfReading(variant: .recoverOnResponse), jobs: jobs)
    }

    @Test func everyStalePillComesDownAtItsFirstResponse() throws {
        let fleet = try Self.corpus()
        var checked = 0
        for recording in fleet.recordings {
            let analyzed = try BannerRecording.analyze(path: recording.path)
            for stale in analyzed.findings(.stalePill) {
                guard let detail = stale.detail(as: StalePill.self), detail.evidence == "turbo:before-fetch-response", detail.navigatorOnline
                else { continue }
                let episode = try #require(recording.comparison.episodes.first { $0.v1.start == detail.raisedAt }, "\(recording.path)")
                #expect(episode.variant.first?.end == stale.t, "\(recording.path): the variant takes the pill down at the first response")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test(
        "the dead upstreams lose exactly their stale time",
        arguments: [
            ("chromium/dead-upstream-frame", "1620.5"), ("findings/stale-pill", "6289.7"), ("scenarios/fetch-error-while-online", "50"),
        ])
    func deadUpstreams(name: String, staleMs: String) throws {
        let fleet = try Self.corpus()
        let recording = try #require(fleet.recordings.first { $0.path.hasSuffix(name + ".jsonl") })
        let stale = try #require(try BannerRecording.analyze(path: recording.path).findings(.stalePill).first?.staleMs)
        #expect(formatMilliseconds(stale) == staleMs)
        #expect(recording.comparison.episodes.map(\.change) == [.shortened])
        #expect(recording.comparison.removedMs == stale)
    }

    @Test func nothingGetsWorseOnTheCorpus() throws {
        let fleet = try Self.corpus()
        #expect(fleet.failures.isEmpty)
        #expect(fleet.worse.isEmpty)
        #expect(fleet.comparison.count(.lengthened) == 0 && fleet.comparison.added.isEmpty)
        for recording in fleet.recordings {
            #expect(recording.toasts.v1 == recording.toasts.variant, "\(recording.path): the variant tells of the same submissions")
            #expect(recording.comparison.removedMs >= 0, "\(recording.path)")
        }
    }

    @Test func sameReportWithOneJobOrTwo() throws {
        let one = try Self.corpus(jobs: 1), two = try Self.corpus(jobs: 2)
        #expect(one == two)
        #expect(WhatIfText.totals(one) == WhatIfText.totals(two))
        #expect(WhatIfJSON.totals(one) == WhatIfJSON.totals(two))
    }
}
