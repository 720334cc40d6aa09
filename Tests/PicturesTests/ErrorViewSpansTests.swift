import NativeErrorPolicy
import Testing

@testable import Pictures

/// An error view's two ends, as `ShownTime` (the app's log) and `ErrorViewTime` (the policy)
/// time it: the picture's spans are those times, one row of the contract per case.
@Suite("error views as spans")
struct ErrorViewSpansTests {
    private func view(_ t: Double, _ surface: String, _ variant: ErrorVariant = .offline) -> Decision {
        Decision(t: t, surface: surface, outcome: .view(variant))
    }

    private func ends(_ spans: [ErrorViewSpan]) -> [[Double?]] {
        spans.map { [$0.from, $0.app?.t, $0.policy?.t] }
    }

    @Test("the app's retry ends what the user saw; the policy's retry ends the policy's view")
    func retries() {
        let decisions = [view(1000, "a"), Decision(t: 3000, surface: "a", outcome: .retry(.automatic(.edge)))]
        let records = [AppViewMark(t: 2000, kind: .appRetry(surface: "a", manual: false), line: 4)]
        let spans = ErrorViewSpans.spans(decisions: decisions, records: records, until: .infinity)
        #expect(ends(spans) == [[1000, 2000, 3000]])
        #expect(spans[0].app?.cause == "app-retry (auto)" && spans[0].policy?.cause == "the policy's retry (edge)")
    }

    @Test("dismissed and another presented end both; a page loading ends the app's only; a launch ends both, every surface")
    func records() {
        let decisions = [view(1000, "a"), view(1000, "b", .server), view(5000, "a"), view(5000, "c")]
        let records = [
            AppViewMark(t: 4000, kind: .dismissed(surface: "b"), line: 5),
            AppViewMark(t: 5000, kind: .presented(surface: "a"), line: 6),
            AppViewMark(t: 6000, kind: .pageLoaded, line: 7),
            AppViewMark(t: 7000, kind: .launch, line: 8),
        ]
        let spans = ErrorViewSpans.spans(decisions: decisions, records: records, until: .infinity)
        #expect(ends(spans) == [[1000, 5000, 5000], [1000, 4000, 4000], [5000, 6000, 7000], [5000, 6000, 7000]])
        #expect(spans.map(\.variant) == [.offline, .server, .offline, .offline])
    }

    @Test("a user's tap-retry ends the app's view; a foreground, a view of none and what is on another surface end nothing")
    func nothingElse() {
        let decisions = [view(1000, "a"), view(1500, "a", .none)]
        let records = [
            AppViewMark(t: 1200, kind: .foreground, line: 3), AppViewMark(t: 1300, kind: .dismissed(surface: "b"), line: 4),
            AppViewMark(t: 1800, kind: .tapRetry(surface: "a"), line: 5),
        ]
        let spans = ErrorViewSpans.spans(decisions: decisions, records: records, until: .infinity)
        #expect(ends(spans) == [[1000, 1800, nil]])
    }

    @Test("past `until` nothing counts: a view still up there is open to it, and none starts after it")
    func until() {
        let decisions = [view(1000, "a"), Decision(t: 9000, surface: "a", outcome: .retry(.manual)), view(9500, "b")]
        let records = [AppViewMark(t: 8000, kind: .appRetry(surface: "a", manual: true), line: 9)]
        #expect(ends(ErrorViewSpans.spans(decisions: decisions, records: records, until: 5000)) == [[1000, nil, nil]])
        #expect(ends(ErrorViewSpans.spans(decisions: decisions, records: records, until: 8500)) == [[1000, 8000, nil]])
    }
}
