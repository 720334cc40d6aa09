import OfflineBanner
import Testing

@testable import BannerFindings

/// `prefetch-pill`, one test per row: a link's failed prefetch that raised or relabelled the pill.
@Suite("prefetch-pill")
struct PrefetchPillDetectorTests {
    func sent(target: String?, _ outcome: SentInput) -> FoundFindings {
        var detector = PrefetchPillDetector()
        var found = FoundFindings.explaining
        detector.sent(.fetchRequestError(FetchRequestError(url: "/p", target: target)), outcome, into: &found)
        return found
    }

    @Test("fetch-request-error | a link's, the pill goes up | prefetch-pill, raised")
    func raisesThePill() throws {
        let found = sent(target: "a#next", .at(line: 3, t: 10, before: .hidden, after: .offline, change: raised(at: 10)))
        #expect(found.kinds == [.prefetchPill])
        let finding = try #require(found.findings.first)
        #expect(finding.lines == [3])
        #expect(finding.detail(as: PrefetchPill.self) == PrefetchPill(target: "a#next", url: "/p", label: "No connection", relabelled: false))
    }

    @Test("fetch-request-error | a link's, the pill was up and is relabelled | prefetch-pill, relabelled")
    func relabelsThePill() throws {
        let found = sent(target: "a", .at(line: 3, t: 10, before: .offline, after: .offline, change: raised(at: 10)))
        #expect(found.findings.first?.detail(as: PrefetchPill.self) == PrefetchPill(target: "a", url: "/p", label: "No connection", relabelled: true))
    }

    @Test("fetch-request-error | a link's, the banner does not change | nothing")
    func changesNothing() {
        #expect(sent(target: "a#next", .at(line: 3, t: 10, before: .offline, after: .offline)).kinds.isEmpty)
    }

    @Test("fetch-request-error | not a link's (a frame, an abbr, none) | nothing")
    func notALink() {
        for target in ["turbo-frame#x", "abbr", nil] {
            #expect(sent(target: target, .at(line: 3, t: 10, after: .offline, change: raised(at: 10))).kinds.isEmpty)
        }
    }
}
