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

@Suite struct ExplainTests {
    private func rows(_ analyzed: BannerRecording) -> [String] {
        analyzed.events.compactMap { ExplainText.row($0) }
            .map { $0.drop(while: { $0 == " " }) }.map(String.init)
    }

    @Test func timersStartedAndCancelled() throws {
        let analyzed = try analyze(lines: [
            #"{"t":749.4,"type":"offline"}"#,
            #"{"t":1100,"type":"online"}"#,
            #"{"t":2000,"type":"offline"}"#,
            #"{"t":3000,"type":"online"}"#,
        ])
        #expect(
            rows(analyzed) == [
                "line 1  offline at 749.4: debounce until 1549.4",
                "line 2  online at 1100: debounce cancelled, nothing shown",
                "finding  flap-suppressed (info) at 749.4 [lines 1, 2]: navigator.onLine was false for 350.6 ms, less than the 800 ms debounce, so no pill was shown.",
                "line 3  offline at 2000: debounce until 2800",
                "timer  debounce fired at 2800 (offline at 2000, line 3): pill “Sin conexión”",
                "line 4  online at 3000: back online “De nuevo en línea”, flash until 5000",
                "timer  flash ended at 5000 (online at 3000, line 4): banner hidden",
            ])
    }

    @Test func causesAndDecisions() throws {
        let analyzed = try analyze("chromium/offline-form-submit")
        let text = rows(analyzed)
        #expect(
            text.contains(
                "line 7  turbo:fetch-request-error at 2482.1 (form#composer POST http://127.0.0.1:41025/messages: TypeError: Failed to fetch): nothing visible: the pill is already up with that text"
            ))
        #expect(
            text.contains(
                "line 8  turbo:submit-end at 2483.2 (POST /messages, no response): pill relabelled “No se ha podido enviar. Tu texto sigue aquí…”, toast"))
        #expect(
            try analyze("chromium/server-422-submit").events.compactMap { ExplainText.row($0) }
                .contains { $0.hasSuffix("silent: the server answered 422, its page shows it") })
    }

    /// The timeline inside the explanation is the banner's own: same records, same order.
    @Test func explanationCarriesTheReplayedTimeline() throws {
        for name in [
            "airplane-mid-session", "dead-upstream-frame", "offline-form-submit", "restore-from-cache-offline",
            "server-422-submit", "success-submit", "flap-short", "offline-visit-full-reload",
        ] {
            let analyzed = try analyze("chromium/" + name)
            var timeline: [TimelineRecord] = []
            for event in analyzed.events {
                switch event {
                case .input(let step):
                    if let change = step.change { timeline.append(.banner(change)) }
                    if let decision = step.decision { timeline.append(.submit(decision)) }
                case .timer(let step):
                    if let change = step.change { timeline.append(.banner(change)) }
                default: break
                }
            }
            #expect(timeline == (try replayTimeline(path: recording("chromium/" + name))), "\(name)")
        }
    }

    /// A timer's step appears only when a later record shows that time has passed it.
    @Test func streamsEachEventWhenDecided() throws {
        let files = try TemporaryRecordings()
        let path = try files.write(
            "stream.jsonl",
            [
                #"{"t":100,"type":"offline"}"#,
                #"{"t":500,"type":"turbo:visit","url":"/"}"#,
                #"{"t":950,"type":"turbo:frame-load"}"#,
            ])
        let reader = try RecordingReader(path: path)
        var analyzer = BannerAnalyzer()
        var perRecord: [[String]] = []
        while let record = try reader.next() {
            var emitted: [String] = []
            analyzer.feed(record) { event in
                switch event {
                case .input: emitted.append("input")
                case .timer: emitted.append("timer")
                case .observed: emitted.append("observed")
                case .finding(let finding): emitted.append(finding.kind.id)
                case .seen: emitted.append("seen")
                }
            }
            perRecord.append(emitted)
        }
        var atEnd: [String] = []
        analyzer.finish { if case .finding(let f) = $0 { atEnd.append(f.kind.id) } else { atEnd.append("other") } }
        #expect(perRecord == [["input"], ["observed"], ["timer", "observed"]])
        #expect(atEnd == ["stale-pill"])  // the pill is still up at the end, after a response
    }

    @Test func findingsAsJSONLines() throws {
        let analyzed = try analyze("chromium/dead-upstream-frame")
        let lines = analyzed.findings.map(ReportJSON.finding) + [ReportJSON.summary(analyzed.summary)]
        let parsed = lines.map { JSONValue(parsing: $0) }
        #expect(parsed.allSatisfy { $0 != nil })
        let values = parsed.compactMap { $0 }
        #expect(lines[1].hasPrefix(#"{"t":3547.6,"finding":"stale-pill","level":"warning","lines":[5,6,10],"#))
        guard case .object(let stale) = values[1] else { Issue.record("not an object"); return }
        #expect(stale["staleMs"] == .number(1620.5))
        #expect(stale["clearedBy"] == .string("disconnect"))
        guard case .object(let root)? = values.last, case .object(let summary)? = root["summary"],
            case .object(let pill)? = summary["pill"]
        else { Issue.record("no summary"); return }
        #expect(pill["ms"] == .number(3928.5))
        #expect(summary["findings"] == .object(["online-lied": .number(1), "stale-pill": .number(1)]))
    }

    @Test func summaryByCauseToastsAndSilentSubmissions() throws {
        let analyzed = try analyze(lines: [
            #"{"t":10,"type":"offline"}"#,
            #"{"t":1000,"type":"online"}"#,
            #"{"t":1200,"type":"turbo:submit-end","success":false,"fetchResponse":{"statusCode":422}}"#,
            #"{"t":1300,"type":"turbo:submit-end","success":false,"fetchResponse":null}"#,
            #"{"t":1400,"type":"turbo:submit-end","success":true,"fetchResponse":{"statusCode":200}}"#,
            #"{"t":1500,"type":"disconnect"}"#,
        ])
        let summary = analyzed.summary
        #expect(summary.pills.episodes?.map(\.cause) == [.offline, .submitFailed])
        #expect(summary.pills.episodes?.map(\.duration) == [190, 200])
        #expect(summary.toasts == 1)
        #expect(summary.silentSorted.map(\.key.name) == ["server-response 422", "success"])
        #expect(ExplainText.summary(summary).contains("  pill up 390 ms in 2 episodes: offline 190 ms, submit-failed 200 ms"))
    }

    /// A page that unloads takes its pill with it: the episode ends at the pagehide, not at the
    /// next page or the end of the log, and a pill kept in the back-forward cache stays up.
    @Test func aPillEpisodeEndedByPagehideEndsThere() throws {
        let analyzed = try analyze(lines: [
            #"{"t":0,"type":"connect","context":null,"online":true}"#,
            #"{"t":100,"type":"turbo:fetch-request-error","target":"turbo-frame#comments"}"#,
            #"{"t":250,"type":"turbo:frame-load","target":"turbo-frame#comments"}"#,
            #"{"t":400,"type":"pagehide","persisted":false}"#,
            #"{"t":420,"type":"offline"}"#,
            #"{"t":3000,"type":"connect","context":null,"online":true}"#,
            #"{"t":3100,"type":"turbo:fetch-request-error","target":"html"}"#,
            #"{"t":3200,"type":"pagehide","persisted":true}"#,
            #"{"t":5000,"type":"turbo:load"}"#,
        ])
        let text = rows(analyzed)
        #expect(text.contains("line 4  pagehide at 400: page unloaded, controller gone, pill hidden"))
        #expect(text.contains("line 5  offline at 420: ignored: the controller is disconnected"))
        #expect(text.contains("line 6  connect at 3000 (online, no context): controller connected, nothing shown"))
        #expect(text.contains("line 8  pagehide at 3200 (persisted): nothing: the page is kept in the back-forward cache, its controller still connected"))
        #expect(
            analyzed.summary.pills.episodes == [
                PillEpisode(start: 100, end: 400, cause: .fetchRequestError, stillUp: false),
                PillEpisode(start: 3100, end: 5000, cause: .fetchRequestError, stillUp: true),
            ])
        let stale = try #require(analyzed.findings(.stalePill).first)
        let detail = try #require(stale.detail(as: StalePill.self), "wrong detail")
        #expect(detail.until == 400)
        #expect(detail.clearedBy == .pagehide)
        #expect(stale.sentence.contains("until 400 (pagehide)"))
    }

    @Test func aPagehideDuringADebounceOrAFlashCancelsIt() throws {
        let analyzed = try analyze(lines: [
            #"{"t":0,"type":"offline"}"#,
            #"{"t":500,"type":"pagehide"}"#,
            #"{"t":2000,"type":"connect","online":false}"#,
            #"{"t":2100,"type":"online"}"#,
            #"{"t":2146,"type":"pagehide"}"#,
        ])
        #expect(
            rows(analyzed) == [
                "line 1  offline at 0: debounce until 800",
                "line 2  pagehide at 500: page unloaded, controller gone, debounce cancelled, nothing shown",
                "line 3  connect at 2000 (offline, no context): controller connected, pill “Sin conexión”",
                "line 4  online at 2100: back online “De nuevo en línea”, flash until 4100",
                "line 5  pagehide at 2146: page unloaded, controller gone, banner hidden, flash cancelled",
                // An online 46 ms before the unload: what DevTools' emulation leaves in a capture.
                "finding  emulated-online (info) at 2100 [lines 4, 5]: navigator.onLine came back at 2100, 46 ms before the page unloaded "
                    + "(pagehide at 2146): a real network rarely returns in the 100 ms before a page unloads, but DevTools' network emulation, "
                    + "lifted as the page goes, does. If this log was captured with DevTools, disbelieve the back-online flash it started; it may be genuine.",
            ])
        #expect(analyzed.summary.pills.episodes == [PillEpisode(start: 2000, end: 2100, cause: .connectOffline, stillUp: false)])
        #expect(analyzed.summary.end == 2146)
    }

    @Test func recordingTextCannotDriveTheTerminal() throws {
        let analyzed = try analyze(lines: [
            #"{"t":1,"type":"turbo:fetch-request-error","url":"http://x/\u001b]0;pwned\u0007","target":"a#\u202eevil"}"#
        ])
        let text = rows(analyzed).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains(#"\u{1B}]0;pwned\u{7}"#))
    }
}
