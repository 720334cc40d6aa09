import OfflineBanner
import Reports
import Testing

/// The banner's timeline as a table (README.md's example): time right-aligned in 12, the event in
/// 12, the label in 48, then why.
@Suite("TextTimeline")
struct TextTimelineTests {
    @Test("the README's rows, exactly")
    func readmeRows() {
        #expect(TextTimeline.header == "      t (ms)  event         detail")
        #expect(
            TextTimeline.row(.banner(BannerChange(t: 1534.6, banner: .offline, label: "Sin conexión", cause: .offline)))
                == "      1534.6  offline       “Sin conexión”                                    ← offline for the whole debounce")
        #expect(
            TextTimeline.row(.submit(SubmitDecision(t: 2483.2, outcome: .toast(label: "No se ha podido enviar. Tu texto sigue aquí…"))))
                == "      2483.2  toast         “No se ha podido enviar. Tu texto sigue aquí…”")
        #expect(
            TextTimeline.row(.banner(BannerChange(t: 3509, banner: .backOnline, label: "De nuevo en línea", cause: .online)))
                == "        3509  back-online   “De nuevo en línea”                               ← online event")
        #expect(
            TextTimeline.row(.banner(BannerChange(t: 5509, banner: .hidden, label: nil, cause: .flashElapsed)))
                == "        5509  hidden                                                          ← back-online flash elapsed")
    }

    @Test("each silent reason says why nothing was shown")
    func silent() {
        func body(_ reason: SubmitDecision.SilentReason) -> String { TextTimeline.body(.submit(SubmitDecision(t: 0, outcome: .silent(reason)))) }
        #expect(body(.success) == "silent        submission succeeded")
        #expect(body(.serverResponse(status: 422)) == "silent        server answered 422: the page shows it")
        #expect(body(.serverResponse(status: nil)) == "silent        server answered: the page shows it")
        #expect(body(.disconnected) == "silent        controller disconnected: nothing to show it on")
    }

    @Test(
        "every cause has its explanation",
        arguments: [
            (BannerCause.fetchRequestError, "turbo:fetch-request-error"), (.submitFailed, "submission died before any response"),
            (.connect, "page rendered online"), (.connectOffline, "page rendered while offline"), (.disconnect, "page replaced"),
            (.pagehide, "page unloaded (pagehide)"), (.response, "a response arrived (recover-on-response)"),
        ])
    func causes(_ cause: BannerCause, _ text: String) {
        #expect(TextTimeline.explanation(cause) == text)
    }

    @Test("a label with a newline or an escape prints escaped, and pads by what is printed")
    func escapedLabel() {
        let row = TextTimeline.row(.banner(BannerChange(t: 0, banner: .offline, label: "a\nb\u{1B}[2J", cause: .offline)))
        #expect(row == "           0  offline       “a\\u{A}b\\u{1B}[2J”" + String(repeating: " ", count: 48 - 18) + "  ← offline for the whole debounce")
        #expect(!row.contains("\n"))
    }

    @Test("odd times: thousandths, a float's noise rounded off, negative, and wider than the column")
    func times() {
        func time(_ t: Double) -> String {
            String(TextTimeline.row(.submit(SubmitDecision(t: t, outcome: .silent(.success)))).prefix { $0 != "s" })
        }
        #expect(time(816.0360000000001) == "     816.036  ")
        #expect(time(-0.5) == "        -0.5  ")
        #expect(time(123_456_789_012.5) == "123456789012.5  ")
        #expect(time(1e20) == "100000000000000000000  ")
    }
}
