import LaunchPolicy
import NativeErrorPolicy
import Testing

/// launch-policy.md, "Output": the example, from the records that make it.
@Suite("The contract's example")
struct ContractExampleTests {
    static let records: [(t: Double, input: LaunchInput)] = [
        (0, .launch(cold: true)),
        (1840.5, .pageLoadConnect),
        (30000, .launch(cold: false)),
        (30210, .presented(surface: "tab:home", error: .web(.code(-1009)))),
        (36500, .pageLoadConnect),
        (50000, .config(offseason: true)),
        (60000, .config(offseason: false)),
        (70000, .launch()),
    ]

    @Test("prints the contract's output, byte for byte")
    func output() {
        #expect(
            LaunchPolicy.timeline(of: Self.records).map(\.jsonLine) == [
                #"{"t":0,"screen":"loading","cause":"launch"}"#,
                #"{"t":1840.5,"screen":"web","cause":"page-load"}"#,
                #"{"t":1840.5,"launch":"ready","launchMs":1840.5}"#,
                #"{"t":30000,"screen":"loading","cause":"launch"}"#,
                #"{"t":30210,"screen":"error","cause":"presented","surface":"tab:home","view":"offline"}"#,
                #"{"t":36500,"screen":"web","cause":"page-load"}"#,
                #"{"t":36500,"launch":"ready","launchMs":6500}"#,
                #"{"t":50000,"screen":"offseason","cause":"config"}"#,
                #"{"t":60000,"screen":"web","cause":"config"}"#,
                #"{"t":70000,"screen":"loading","cause":"launch"}"#,
                #"{"t":80000,"launch":"stalled","launchMs":10000}"#,
            ])
    }

    @Test("a surface is escaped as a JSON string; a server view says so")
    func lineShapes() {
        #expect(
            errorScreen(1.5, #"tab:"x""#, .server).jsonLine
                == #"{"t":1.5,"screen":"error","cause":"presented","surface":"tab:\"x\"","view":"server"}"#)
        #expect(ready(816.0360000000001, 816.0360000000001).jsonLine == #"{"t":816.036,"launch":"ready","launchMs":816.036}"#)
    }

    @Test("a root view model: send what it logs, show screen, wake up at nextDue")
    func rootViewModel() {
        var policy = LaunchPolicy()
        var shown: [RootScreen] = []
        var decisions: [LaunchDecision] = []
        func handle(_ records: [LaunchRecord]) {
            for record in records {
                if case .launch(let decision) = record { decisions.append(decision) }
            }
            if shown.last != policy.screen { shown.append(policy.screen) }
        }
        handle(policy.send(.launch(), at: 0))
        handle(policy.send(.presented(surface: "tab:home", error: .web(.turbo(.timeout))), at: 900))
        handle(policy.send(.pageLoadConnect, at: 3100))
        #expect(policy.nextDue == nil)
        #expect(shown == [.loading, .error, .web])
        #expect(decisions == [LaunchDecision(t: 3100, outcome: .ready, launchMs: 3100)])
    }
}
