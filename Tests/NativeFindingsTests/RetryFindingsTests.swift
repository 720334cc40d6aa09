import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// What `explain` must find on each native recording (recordings/native/README.md).
struct ExplainCase: CustomTestStringConvertible, Sendable {
    let name: String
    let findings: [RetryFinding]
    var testDescription: String { name }
}

/// `line`: the `presented` of the view the policy retried, as a log's explanation knows it.
private func missed(_ t: Double, _ surface: String, _ trigger: RetryTrigger, line: Int? = nil) -> RetryFinding {
    RetryFinding(t: t, surface: surface, detail: .missed(trigger), presentedLine: line)
}

private func unexpected(_ t: Double, _ surface: String, line: Int, _ policy: PolicyState) -> RetryFinding {
    RetryFinding(t: t, surface: surface, detail: .unexpected(line: line, policy: policy))
}

extension ExplainCase {
    static let all: [ExplainCase] = [
        // Each finding on a recording that shows it…
        .init(name: "exit-tunnel-double-fail", findings: [missed(107901.2, "tab:home", .probe, line: 7)]),
        .init(
            name: "flapping-radio",
            findings: [
                unexpected(7300.2, "tab:home", line: 16, .alreadyRetried(at: 6000)),
                unexpected(8200.1, "tab:home", line: 19, .alreadyRetried(at: 6000)),
            ]),
        .init(name: "sheet-over-tab-android", findings: [missed(24400, "sheet", .edge, line: 4)]),
        .init(
            name: "offline-and-back-before-deferred-expiry",
            findings: [
                unexpected(18400.3, "sheet", line: 9, .cooldown(until: 24400)),
                missed(24400, "sheet", .edge, line: 4),
            ]),
        .init(name: "server-503", findings: [unexpected(7400.2, "sheet", line: 6, .serverView)]),
        .init(name: "killed-server-android", findings: [unexpected(5400.2, "tab:home", line: 6, .serverView)]),
        // …and none on those where the app agrees.
        .init(name: "cold-boot-offline", findings: []),
        .init(name: "timeout-probe", findings: []),
        .init(name: "sheet-over-tab-ios", findings: []),
        .init(name: "offline-before-deferred-expiry", findings: []),
        .init(name: "foreground-ios", findings: []),
        .init(name: "foreground-android", findings: []),
        .init(name: "android-no-response", findings: []),
        .init(name: "network-changed-android", findings: []),
        .init(name: "killed-server-ios", findings: []),
        .init(name: "probe-loop-ios", findings: []),
        .init(name: "probe-loop-android", findings: []),
    ]
}

@Suite("explain: missed-retry and unexpected-retry")
struct NativeExplainTests {
    @Test("the findings on each recording", arguments: ExplainCase.all)
    func recording(_ c: ExplainCase) throws {
        let explanation = try explainNative(NativeRecordingReader(path: "\(nativeRecordings)/\(c.name).jsonl"))
        #expect(explanation.appRetryLines > 0)
        #expect(explanation.findings == c.findings)
    }

    @Test("a recording without app-retry lines has nothing to compare", arguments: ["contract-example", "unauthorized-401"])
    func nothingToCompare(_ name: String) throws {
        let explanation = try explainNative(NativeRecordingReader(path: "\(nativeRecordings)/\(name).jsonl"))
        #expect(explanation.appRetryLines == 0)
        #expect(explanation.findings.isEmpty)
        #expect(!explanation.decisions.isEmpty)
    }

    private func auto(_ t: Double, _ surface: String, _ trigger: RetryTrigger = .edge) -> Decision {
        Decision(t: t, surface: surface, outcome: .retry(.automatic(trigger)))
    }

    private func logged(_ t: Double, _ surface: String, line: Int = 9) -> LoggedRetry {
        LoggedRetry(line: line, t: t, surface: surface, policy: .noView)
    }

    @Test("within 1 s either way pairs; a hair more does not")
    func window() {
        #expect(retryFindings(decisions: [auto(5000, "sheet")], appRetries: [logged(6000, "sheet")]).isEmpty)
        #expect(retryFindings(decisions: [auto(5000, "sheet")], appRetries: [logged(4000, "sheet")]).isEmpty)
        #expect(
            retryFindings(decisions: [auto(5000, "sheet")], appRetries: [logged(6000.5, "sheet", line: 4)]) == [
                missed(5000, "sheet", .edge),
                unexpected(6000.5, "sheet", line: 4, .noView),
            ])
    }

    @Test("pairs are one to one: a second app retry near one policy retry is unexpected")
    func oneToOne() {
        #expect(
            retryFindings(
                decisions: [auto(5000, "sheet")],
                appRetries: [logged(5000.5, "sheet", line: 4), logged(5300, "sheet", line: 5)]) == [
                    unexpected(5300, "sheet", line: 5, .noView)
                ])
    }

    @Test("pairs stay on one surface: a retry on the tab does not excuse the sheet")
    func perSurface() {
        #expect(
            retryFindings(decisions: [auto(5000, "sheet")], appRetries: [logged(5000, "tab:home", line: 4)]) == [
                missed(5000, "sheet", .edge),
                unexpected(5000, "tab:home", line: 4, .noView),
            ])
    }

    @Test("only automatic retries are compared: views, deferrals and manual retries are not")
    func onlyAutomatic() {
        let decisions = [
            Decision(t: 100, surface: "sheet", outcome: .view(.offline)),
            Decision(t: 5000, surface: "sheet", outcome: .deferred(until: 20000)),
            Decision(t: 6000, surface: "sheet", outcome: .retry(.manual)),
        ]
        #expect(retryFindings(decisions: decisions, appRetries: []).isEmpty)
    }

    @Test("an unexpected retry says what the policy had: an offline view not due yet, a 401, nothing")
    func states() throws {
        let path = try temporaryRecording(
            "states.jsonl",
            [
                androidMeta,
                #"{"t":0,"type":"path","online":true}"#,
                #"{"t":100,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-8}}"#,
                #"{"t":200,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
                #"{"t":300,"type":"presented","surface":"modal","error":{"kind":"http","status":401}}"#,
                #"{"t":400,"type":"app-retry","surface":"modal","kind":"auto"}"#,
                #"{"t":500,"type":"app-retry","surface":"live-card","kind":"auto"}"#,
                #"{"t":2600,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
            ])
        let explanation = try explainNative(NativeRecordingReader(path: path))
        #expect(
            explanation.findings == [
                unexpected(200, "tab:home", line: 4, .notDue(at: 2600)),
                unexpected(400, "modal", line: 6, .authShell),
                unexpected(500, "live-card", line: 7, .noView),
            ])
        #expect(
            explanation.findings[0].jsonLine
                == #"{"t":200,"surface":"tab:home","finding":"unexpected-retry","level":"warning","line":4,"policy":"not-due","at":2600,"#
                + #""message":"The app retried automatically; the policy has no automatic retry here within 1 s: the offline view's retry is due at 2600."}"#)
        #expect(
            missed(24400, "sheet", .edge, line: 4).jsonLine
                == #"{"t":24400,"surface":"sheet","finding":"missed-retry","level":"warning","line":4,"trigger":"edge","#
                + #""message":"The policy retried automatically (edge); the app logged no automatic retry here within 1 s."}"#)
    }
}
