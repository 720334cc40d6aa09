import OfflineBanner
import Testing

@testable import BannerFindings
@testable import TurboRecording
@testable import VariantAnalysis

/// `whatif` on records made by hand: v1 and the variant fed the same records, a difference at
/// each record after which they decided otherwise, and their pill episodes compared.
@Suite("WhatIf on hand-made records")
struct WhatIfRecordsTests {
    /// Feeds `records` (line 2 on) to a what-if of recover-on-response and finishes it.
    static func run(_ records: [(Double, BannerInput)], settings: BannerSettings = BannerSettings()) -> (WhatIf, [WhatIfDifference]) {
        var whatIf = WhatIf(settings: settings, variant: .recoverOnResponse)
        var differences: [WhatIfDifference] = []
        whatIf.feed(Record(line: 1, event: .meta(Meta(version: 1)))) { differences.append($0) }
        for (index, (t, input)) in records.enumerated() {
            whatIf.feed(Record(line: index + 2, event: .input(t: t, input))) { differences.append($0) }
        }
        whatIf.finish { differences.append($0) }
        return (whatIf, differences)
    }

    @Test("no records: no difference, no episode on either side")
    func empty() {
        let (whatIf, differences) = Self.run([])
        #expect(differences.isEmpty && whatIf.differences == 0)
        #expect(whatIf.comparison.episodes.isEmpty && whatIf.comparison.added.isEmpty)
    }

    @Test("dead upstream: a response while the pill is up shows back-online under the variant; v1 keeps the pill until the page goes")
    func deadUpstream() {
        let (whatIf, differences) = Self.run([
            (164.6, .connect()), (1239.6, .fetchRequestError(FetchRequestError())), (3547.6, .beforeFetchResponse(BeforeFetchResponse(statusCode: 200))),
            (5168.1, .disconnect),
        ])
        let recovered = TimelineRecord.banner(BannerChange(t: 3547.6, banner: .backOnline, label: "De nuevo en línea", cause: .response))
        #expect(differences.first == WhatIfDifference(line: 4, t: 3547.6, v1: [], variant: [recovered]))
        #expect(differences.count == 1 && whatIf.differences == 1, "the page going hides the banner alike under both")
        #expect(whatIf.comparison.episodes.map(\.change) == [.shortened])
        #expect(whatIf.comparison.removedMs == 5168.1 - 3547.6)
        #expect(whatIf.comparison.worse == 0)
    }

    @Test("a response while navigator.onLine is false changes nothing: a service worker may have answered")
    func serviceWorker() {
        let (whatIf, differences) = Self.run([
            (0, .connect()), (100, .offline), (900, .beforeFetchResponse(BeforeFetchResponse(statusCode: 200))), (2000, .online),
        ])
        #expect(differences.isEmpty && whatIf.differences == 0)
        #expect(whatIf.comparison.episodes.map(\.change) == [.unchanged])
    }

    @Test("the variant is the only difference: settings carrying it already are replayed as v1 on the left")
    func v1IsV1() {
        let settings = BannerSettings(variants: [.recoverOnResponse])
        let (whatIf, _) = Self.run([(0, .connect()), (100, .fetchRequestError(FetchRequestError()))], settings: settings)
        #expect(whatIf.v1.episodeCount == 1 && whatIf.withVariant.episodeCount == 1)
        #expect(whatIf.v1.settings.variants.isEmpty && whatIf.withVariant.settings.variants == [.recoverOnResponse])
    }
}
