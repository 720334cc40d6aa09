import OfflineBanner
import Testing

@testable import BannerFindings

/// `online-lied`, one test per row: what raises it, and the near misses that must not.
@Suite("online-lied")
struct OnlineLiedDetectorTests {
    func sent(_ inputs: [(BannerInput, SentInput)]) -> FoundFindings {
        var detector = OnlineLiedDetector()
        var found = FoundFindings.explaining
        for (input, outcome) in inputs { detector.sent(input, outcome, into: &found) }
        return found
    }

    @Test("fetch-request-error | navigator.onLine true since a record | online-lied on both lines")
    func fetchErrorWhileOnline() throws {
        let found = sent([
            (.fetchRequestError(FetchRequestError(url: "/a", target: "html")), .at(line: 4, t: 1260.5, since: Origin(line: 2, t: 100)))
        ])
        #expect(found.kinds == [.onlineLied])
        let finding = try #require(found.findings.first)
        #expect(finding.lines == [2, 4])
        #expect(finding.t == 1260.5)
        #expect(
            finding.detail(as: OnlineLied.self)
                == OnlineLied(request: FailedRequest(via: "turbo:fetch-request-error", target: "html", url: "/a"), onlineSince: 100))
    }

    @Test("fetch-request-error | navigator.onLine assumed, never seen | online-lied on its own line")
    func fetchErrorAssumedOnline() {
        let found = sent([(.fetchRequestError(FetchRequestError(target: "turbo-frame#x")), .at(line: 1, t: 3))])
        #expect(found.findings.map(\.lines) == [[1]])
    }

    @Test("fetch-request-error | navigator.onLine false | nothing")
    func fetchErrorWhileOffline() {
        #expect(sent([(.fetchRequestError(FetchRequestError(target: "html")), .at(line: 4, t: 9, navigatorOnline: false))]).kinds.isEmpty)
    }

    @Test("submit-end | failed, no response, online | online-lied via turbo:submit-end")
    func submissionDiedWhileOnline() throws {
        let found = sent([(.submitEnd(SubmitEnd(action: "/notes", method: "POST")), .at(line: 3, t: 9, since: Origin(line: 1, t: 1)))])
        let finding = try #require(found.findings.first)
        #expect(
            finding.detail(as: OnlineLied.self) == OnlineLied(request: FailedRequest(via: "turbo:submit-end", method: "POST", url: "/notes"), onlineSince: 1))
    }

    @Test("submit-end | succeeded, or got a response, or offline | nothing")
    func submissionNearMisses() {
        #expect(sent([(.submitEnd(SubmitEnd(success: true)), .at(line: 3, t: 9))]).kinds.isEmpty)
        #expect(sent([(.submitEnd(SubmitEnd(fetchResponse: FetchResponse(statusCode: 500))), .at(line: 3, t: 9))]).kinds.isEmpty)
        #expect(sent([(.submitEnd(SubmitEnd()), .at(line: 3, t: 9, navigatorOnline: false))]).kinds.isEmpty)
    }

    @Test("submit-end | after its form's fetch failed | nothing more: the same request")
    func submissionAfterItsFormFailed() {
        let found = sent([
            (.fetchRequestError(FetchRequestError(target: "form#note")), .at(line: 2, t: 5)),
            (.submitEnd(SubmitEnd()), .at(line: 3, t: 9)),
        ])
        #expect(found.kinds == [.onlineLied])
    }

    @Test("submit-end | a form failed, then a new submission started | online-lied again")
    func newSubmissionAfterAFormFailure() {
        var detector = OnlineLiedDetector()
        var found = FoundFindings.explaining
        detector.sent(.fetchRequestError(FetchRequestError(target: "form")), .at(line: 2, t: 5), into: &found)
        detector.observed(ObservedRecord(kind: .submitStart, url: nil, requestFailed: false, line: 3, t: 6), into: &found)
        detector.sent(.submitEnd(SubmitEnd()), .at(line: 4, t: 9), into: &found)
        #expect(found.kinds == [.onlineLied, .onlineLied])
    }

    @Test("submit-end | a frame's fetch failed before it | online-lied: not the form's request")
    func submissionAfterAFrameFailed() {
        let found = sent([
            (.fetchRequestError(FetchRequestError(target: "turbo-frame#x")), .at(line: 2, t: 5)),
            (.submitEnd(SubmitEnd()), .at(line: 3, t: 9)),
        ])
        #expect(found.kinds == [.onlineLied, .onlineLied])
    }
}
