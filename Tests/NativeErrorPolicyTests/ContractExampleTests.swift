import NativeErrorPolicy
import Testing

@Suite("The contract's example")
struct ContractExampleTests {
    /// native-error-policy.md's example recording.
    let records: [(t: Double, input: PolicyInput)] = [
        (0, .path(online: false)),
        (120, .presented(surface: "tab:home", error: .web(.code(-2)))),
        (5200, .path(online: true)),
        (5600.5, .presented(surface: "tab:home", error: .web(.turbo(.timeout)))),
        (6000, .presented(surface: "sheet", error: .http(status: 503))),
        (9000, .tapRetry(surface: "sheet")),
        (9100, .foreground),
    ]

    /// native-error-policy.md, "Recording (native)" and "Output", record for record.
    @Test("the example recording gives exactly the example output")
    func example() {
        #expect(
            replay(.android, records) == [
                view(120, "tab:home", .offline),
                auto(5600, "tab:home", .edge),
                view(5600.5, "tab:home", .offline),
                view(6000, "sheet", .server),
                deferred(8100.5, "tab:home", until: 20600),
                manual(9000, "sheet"),
                auto(20600, "tab:home", .probe),
            ])
    }

    @Test("step by step: what each record (and the end) decides")
    func stepByStep() {
        var policy = RetryPolicy(settings: PolicySettings(platform: .android))
        #expect(policy.send(.path(online: false), at: 0) == [])
        #expect(
            policy.send(.presented(surface: "tab:home", error: .web(.code(-2))), at: 120) == [
                view(120, "tab:home", .offline)
            ])
        #expect(policy.send(.path(online: true), at: 5200) == [])
        #expect(policy.nextDue == 5600)
        #expect(
            policy.send(.presented(surface: "tab:home", error: .web(.turbo(.timeout))), at: 5600.5) == [
                auto(5600, "tab:home", .edge),
                view(5600.5, "tab:home", .offline),
            ])
        #expect(policy.instance(on: "tab:home")?.probe?.due == 8100.5)
        #expect(
            policy.send(.presented(surface: "sheet", error: .http(status: 503)), at: 6000) == [
                view(6000, "sheet", .server)
            ])
        #expect(
            policy.send(.tapRetry(surface: "sheet"), at: 9000) == [
                deferred(8100.5, "tab:home", until: 20600),
                manual(9000, "sheet"),
            ])
        #expect(policy.instance(on: "tab:home")?.wait?.due == 20600)
        #expect(policy.instance(on: "tab:home")?.wait?.trigger == .probe)
        #expect(policy.instance(on: "tab:home")?.probe == nil)
        #expect(policy.send(.foreground, at: 9100) == [])
        #expect(policy.finish() == [auto(20600, "tab:home", .probe)])
        #expect(policy.instances.isEmpty)
    }

    @Test("the same recording on iOS: no cooldown, so the probe retries when due")
    func exampleOnIOS() {
        // The Android codes are just codes on iOS: −2 is a server error there.
        #expect(
            replay(.ios, records) == [
                view(120, "tab:home", .server),
                view(5600.5, "tab:home", .offline),
                view(6000, "sheet", .server),
                auto(8100.5, "tab:home", .probe),
                manual(9000, "sheet"),
            ])
    }
}
