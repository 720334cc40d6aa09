import LaunchPolicy
import NativeFindings
import Testing
import TurboRecording

@testable import TestSupport

/// What `explain` must find in each launch recording (recordings/launch/README.md).
struct LaunchExplainCase: CustomTestStringConvertible, Sendable {
    let name: String
    let stall: Double?
    let findings: [LaunchFinding]
    var testDescription: String { name + (stall.map { " with a \(Int($0)) ms stall" } ?? "") }

    init(_ name: String, stall: Double? = nil, _ findings: [LaunchFinding]) {
        self.name = name
        self.stall = stall
        self.findings = findings
    }
}

private func stalled(_ t: Double, lines: [Int], launchedAt: Double, _ launchMs: Double) -> LaunchFinding {
    LaunchFinding(t: t, kind: .stalled, lines: lines, detail: .stalled(launchedAt: launchedAt, launchMs: launchMs))
}

private func mismatch(
    _ t: Double, _ kind: LaunchFinding.Kind = .screenMismatch, lines: [Int], app: String, policy: RootScreen,
    until: Double?, _ ms: Double
) -> LaunchFinding {
    LaunchFinding(t: t, kind: kind, lines: lines, detail: .mismatch(app: app, policy: policy, until: until, ms: ms))
}

extension LaunchExplainCase {
    static let all: [LaunchExplainCase] = [
        // Each finding on a recording that shows it…
        .init("stall", [stalled(10000, lines: [2], launchedAt: 0, 10000)]),
        // Its stall is due at 80000, after the log's last record (70000): not a finding.
        .init("contract-example", []),
        .init("stall-due-at-connect", [stalled(10000, lines: [2], launchedAt: 0, 10000)]),
        .init("stall-setting", stall: 3000, [stalled(4000.25, lines: [3, 4], launchedAt: 0, 4000.25)]),
        .init("app-screen-lags", [mismatch(1840.5, lines: [4, 5], app: "loading", policy: .web, until: 2950, 1109.5)]),
        .init(
            "error-behind-loading",
            [
                mismatch(
                    1530, .errorBehindLoading, lines: [5, 9], app: "loading", policy: .error,
                    until: 33801, 32271)
            ]),
        // …and not on its near miss: the page 0.5 ms before the due time, the default stall, an
        // app exactly at the tolerance, an app that shows its error screen.
        .init("cold-launch-ready", []),
        .init("stall-setting", []),
        .init("app-screen-keeps-up", []),
        .init("error-screen-shown", []),
        // The other rules' recordings find nothing.
        .init("first-visit-offline-then-retry", []),
        .init("unauthorized-while-loading", []),
        .init("server-error-while-loading", []),
        .init("error-after-ready", []),
        .init("repeated-page-load", []),
        .init("other-bridge-component", []),
        .init("offseason-guest", []),
        .init("offseason-tester", []),
        .init("offseason-lifted-mid-launch", []),
        .init("offseason-lifted-after-page", []),
        .init("offseason-set-mid-session", []),
        .init("relaunch-while-loading", []),
    ]
}

func analyzeLaunch(_ path: String, config: NativeConfig = NativeConfig()) throws -> LaunchAnalyzer {
    try LaunchAnalyzer.analyze(NativeRecordingReader(path: path), config: config)
}

func analyzeLaunch(lines: [String], tolerance: Double? = nil) throws -> LaunchAnalyzer {
    let path = try temporaryRecording("inline.jsonl", [iosMeta] + lines)
    return try analyzeLaunch(path, config: NativeConfig(launch: LaunchConfig(tolerance: tolerance)))
}

@Suite("explain: stalled, screen-mismatch, error-behind-loading")
struct LaunchFindingsTests {
    @Test("each launch recording gives exactly the findings its README says", arguments: LaunchExplainCase.all)
    func recordings(_ c: LaunchExplainCase) throws {
        let analyzer = try analyzeLaunch(launchRecordings + "/\(c.name).jsonl", config: NativeConfig(launch: LaunchConfig(stall: c.stall)))
        #expect(analyzer.findings == c.findings)
    }

    @Test("every launch recording is in the table")
    func coverage() throws {
        #expect(Set(LaunchExplainCase.all.map(\.name)) == Set(try launchRecordingNames()))
    }

    @Test("a mismatch is a finding only when it lasts strictly more than the tolerance")
    func tolerance() throws {
        let lines = [
            #"{"t":0,"type":"launch"}"#, #"{"t":0,"type":"app-screen","screen":"loading"}"#,
            #"{"t":1000,"type":"bridge","component":"page-load","event":"connect"}"#,
            #"{"t":1500,"type":"app-screen","screen":"web"}"#,
        ]
        #expect(try analyzeLaunch(lines: lines).findings.isEmpty)
        #expect(
            try analyzeLaunch(lines: lines, tolerance: 499.5).findings
                == [mismatch(1000, lines: [4, 5], app: "loading", policy: .web, until: 1500, 500)])
    }

    @Test("one still open at the end is measured to the last record's t; a stall after it is listed, not a finding")
    func openAtTheEnd() throws {
        let analyzer = try analyzeLaunch(lines: [
            #"{"t":0,"type":"launch"}"#, #"{"t":0,"type":"app-screen","screen":"web"}"#, #"{"t":800,"type":"path","online":true}"#,
        ])
        #expect(
            analyzer.findings == [
                mismatch(0, lines: [3], app: "web", policy: .loading, until: nil, 800)
            ])
        #expect(analyzer.afterEnd.map(\.record) == [.launch(LaunchDecision(t: 10000, outcome: .stalled, launchMs: 10000))])
        #expect(analyzer.summary.stalls == 0)
        #expect(analyzer.findings[0].jsonLine.contains(#""app":"web","policy":"loading","until":null,"ms":800,"message":"#))
        #expect(analyzer.findings[0].sentence.contains("before its page was ready"))
    }

    @Test("nothing is compared before the app's first app-screen; before the first launch the policy's screen is none")
    func whenComparisonStarts() throws {
        #expect(
            try analyzeLaunch(lines: [
                #"{"t":0,"type":"launch"}"#, #"{"t":5000,"type":"bridge","component":"page-load","event":"connect"}"#,
                #"{"t":6000,"type":"app-screen","screen":"web"}"#,
            ]).findings.isEmpty)
        #expect(
            try analyzeLaunch(lines: [
                #"{"t":0,"type":"app-screen","screen":"loading"}"#, #"{"t":700,"type":"launch"}"#,
                #"{"t":900,"type":"bridge","component":"page-load","event":"connect"}"#, #"{"t":900,"type":"app-screen","screen":"web"}"#,
            ]).findings == [mismatch(0, lines: [2, 3], app: "loading", policy: .none, until: 700, 700)])
    }

    @Test("error-behind-loading is the app on loading when the policy raised the error screen; the app on error alone is a screen-mismatch")
    func whichMismatch() throws {
        let falseAlarm = try analyzeLaunch(lines: [
            #"{"t":0,"type":"launch"}"#, #"{"t":0,"type":"app-screen","screen":"loading"}"#,
            #"{"t":300,"type":"presented","surface":"tab:home","error":{"kind":"http","status":401}}"#,
            #"{"t":310,"type":"app-screen","screen":"error"}"#,
            #"{"t":2000,"type":"bridge","component":"page-load","event":"connect"}"#, #"{"t":2000,"type":"app-screen","screen":"web"}"#,
        ])
        #expect(falseAlarm.findings == [mismatch(310, lines: [5, 7], app: "error", policy: .loading, until: 2000, 1690)])
    }

    @Test("the log's launch figures: launches, times to web, stalls, launches through error and offseason")
    func summary() throws {
        let analyzer = try analyzeLaunch(launchRecordings + "/contract-example.jsonl")
        var expected = LaunchSummary()
        expected.launches = 3
        expected.readyMs = [1840.5, 6500]
        expected.stalls = 0  // its one stall is due after the log ends
        expected.throughError = 1
        expected.offseason = 1
        #expect(analyzer.summary == expected)
        #expect(try analyzeLaunch(launchRecordings + "/offseason-guest.jsonl").summary.offseason == 2)
    }

    @Test("a row for every record that changes the root or makes the launch decide, the app's screens and the stall; none for the others")
    func rows() throws {
        let analyzer = try analyzeLaunch(launchRecordings + "/first-visit-offline-then-retry.jsonl")
        #expect(analyzer.rows.map(\.line) == [2, 4, 7])
        #expect(analyzer.rows.map(\.screen) == [.loading, .error, .web])
        #expect(analyzer.rows[1].detail == "a first visit failed (offline view on tab:home): the root error screen")
        let stall = try analyzeLaunch(launchRecordings + "/stall.jsonl")
        #expect(stall.rows.map(\.record) == ["launch (cold)", "app-screen loading", "stall timer", "bridge page-load connect", "app-screen web"])
        let bridges = try analyzeLaunch(launchRecordings + "/other-bridge-component.jsonl")
        // Other components' bridge messages change nothing: no row (there were three "nothing" rows).
        #expect(bridges.rows.allSatisfy { !$0.detail.hasPrefix("nothing") })
        #expect(bridges.rows.contains { $0.record == "bridge page-load connect" })
    }

    @Test("a log with neither a launch nor an app-screen has no launch section")
    func relevance() throws {
        #expect(try !analyzeLaunch(packageRoot + "/recordings/native/contract-example.jsonl").isRelevant)
        #expect(try analyzeLaunch(launchRecordings + "/stall.jsonl").isRelevant)
    }
}
