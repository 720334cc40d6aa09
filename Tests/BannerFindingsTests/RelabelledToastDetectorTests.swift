import OfflineBanner
import Testing

@testable import BannerFindings

/// `relabelled-toast`, one test per row. The detector compares the pill's label before an input
/// with a toast's, so these drive a real banner and hand the detector what the analyzer would.
@Suite("relabelled-toast")
struct RelabelledToastDetectorTests {
    let submitFailed = "No se ha podido enviar. Tu texto sigue aquí…"

    struct Drive {
        var detector = RelabelledToastDetector()
        var banner = OfflineBanner()
        var found = FoundFindings.explaining

        /// One input, in the analyzer's order: before it, the banner, its change, then the input.
        mutating func send(_ input: BannerInput, line: Int, t: Double) {
            let before = BannerMoment(banner)
            detector.willSend(input, line: line, banner)
            let change = banner.send(input, at: t).compactMap { record -> BannerChange? in
                if case .banner(let change) = record { change } else { nil }
            }.last
            if let change { detector.changed(change, into: &found) }
            detector.sent(input, .at(line: line, t: t, before: before, after: BannerMoment(banner), change: change), into: &found)
        }

        /// A submission dies and its toast puts the submit-failed message on the pill.
        mutating func toast(line: Int, t: Double) {
            send(.submitEnd(SubmitEnd()), line: line, t: t)
        }
    }

    @Test("fetch-request-error (not a form's) | the pill shows a toast's message, and is relabelled | relabelled-toast at once")
    func relabelledAtOnce() throws {
        var drive = Drive()
        drive.toast(line: 2, t: 5)
        try #require(drive.banner.label == submitFailed)
        drive.send(.fetchRequestError(FetchRequestError(url: "/f", target: "turbo-frame#x")), line: 3, t: 9)
        #expect(drive.found.kinds == [.relabelledToast])
        let finding = try #require(drive.found.findings.first)
        #expect(finding.t == 5)
        #expect(finding.lines == [2, 3])
        let detail = try #require(finding.detail(as: RelabelledToast.self), "wrong detail")
        #expect(detail.label == submitFailed)
        #expect(detail.replacedAt == 9)
        #expect(detail.relabelledTo == drive.banner.label)
        #expect(detail.request == FailedRequest(via: "turbo:fetch-request-error", target: "turbo-frame#x", url: "/f"))
    }

    @Test("fetch-request-error (a form's) | then another change that is not its toast | relabelled-toast at that change")
    func formFailureHeldUntilTheNextChange() {
        var drive = Drive()
        drive.toast(line: 2, t: 5)
        drive.send(.fetchRequestError(FetchRequestError(target: "form#note")), line: 3, t: 9)
        #expect(drive.found.kinds.isEmpty)
        drive.send(.online, line: 4, t: 20)
        #expect(drive.found.kinds == [.relabelledToast])
        #expect(drive.found.findings.first?.lines == [2, 3])
    }

    @Test("fetch-request-error (a form's) | its submission's toast puts the message back | nothing")
    func formFailureUndoneByItsToast() {
        var drive = Drive()
        drive.toast(line: 2, t: 5)
        drive.send(.fetchRequestError(FetchRequestError(target: "form#note")), line: 3, t: 9)
        drive.toast(line: 4, t: 10)
        drive.detector.finishReportingAll(into: &drive.found)
        #expect(drive.found.kinds.isEmpty)
    }

    @Test("fetch-request-error (a form's) | the recording ends | relabelled-toast at the end")
    func formFailureAtTheEnd() {
        var drive = Drive()
        drive.toast(line: 2, t: 5)
        drive.send(.fetchRequestError(FetchRequestError(target: "form")), line: 3, t: 9)
        drive.detector.finishReportingAll(into: &drive.found)
        #expect(drive.found.kinds == [.relabelledToast])
    }

    @Test("fetch-request-error | no toast on the pill | nothing")
    func noToast() {
        var drive = Drive()
        drive.send(.fetchRequestError(FetchRequestError(target: "html")), line: 2, t: 5)
        drive.send(.fetchRequestError(FetchRequestError(target: "turbo-frame#x")), line: 3, t: 9)
        #expect(drive.found.kinds.isEmpty)
    }

    @Test("fetch-request-error | the toast's pill came down before it | nothing: another pill")
    func anotherPill() {
        var drive = Drive()
        drive.toast(line: 2, t: 5)
        drive.send(.online, line: 3, t: 7)
        drive.send(.fetchRequestError(FetchRequestError(target: "html")), line: 4, t: 9)
        #expect(drive.found.kinds.isEmpty)
    }
}
