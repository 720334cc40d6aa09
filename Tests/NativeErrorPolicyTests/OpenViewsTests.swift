import Testing

@testable import NativeErrorPolicy

/// What the policy keeps per open view, and what it says about them: each view holds the line of
/// the `presented` that put it up (the findings name it), and the views on screen are counted
/// in O(1) (the shell bounds them record by record, `--max-open-views`).
@Suite("Open views: their count and their lines")
struct OpenViewsTests {
    /// Sends each record at its line, collecting the decisions and their lines in step.
    static func replay(
        _ records: [(line: Int, t: Double, input: PolicyInput)], settings: PolicySettings = PolicySettings(platform: .ios)
    ) -> (policy: RetryPolicy, decided: [(decision: Decision, line: Int?)]) {
        var policy = RetryPolicy(settings: settings)
        var output: [Decision] = [], lines: [Int?] = []
        for record in records { policy.send(record.input, at: record.t, line: record.line, into: &output, lines: &lines) }
        policy.finish(into: &output, lines: &lines)
        #expect(output.count == lines.count, "a line for every decision")
        return (policy, Array(zip(output, lines)).map { ($0, $1) })
    }

    @Test("a view's decision rests on its own presented line")
    func viewLine() {
        let run = Self.replay([(2, 100, presented("tab:home"))])
        #expect(run.decided.map(\.line) == [2])
    }

    @Test("a probe's retry rests on the presented of the view it retried, not on the record that made it due")
    func probeRetryLine() {
        // The probe of the view presented at line 3 fires at 2600, before the record at line 4.
        let run = Self.replay([(2, 0, online), (3, 100, presented("tab:home")), (4, 5000, presented("modal"))])
        #expect(
            run.decided.map(\.decision) == [
                view(100, "tab:home", .offline), auto(2600, "tab:home", .probe), view(5000, "modal", .offline), auto(7500, "modal", .probe),
            ])
        #expect(run.decided.map(\.line) == [3, 3, 4, 4])
    }

    @Test("a tap's manual retry, and a cooldown's wait, rest on the view's presented line")
    func manualAndDeferredLines() {
        let android = PolicySettings(platform: .android)
        let run = Self.replay(
            [(2, 0, online), (3, 100, presented("a")), (4, 200, presented("b")), (5, 9000, .tapRetry(surface: "b"))],
            settings: android)
        // a's probe retries at 2600; b's probe at 2700 is inside the cooldown and waits.
        #expect(run.decided.map(\.decision).contains(deferred(2700, "b", until: 17600)))
        #expect(run.decided.first { $0.decision == deferred(2700, "b", until: 17600) }?.line == 4)
        #expect(run.decided.first { $0.decision == manual(9000, "b") }?.line == 4)
    }

    @Test("a replacing presented: the new view's retry rests on the new line")
    func replacedView() {
        let run = Self.replay([(2, 0, online), (3, 100, presented("tab:home")), (4, 200, presented("tab:home"))])
        #expect(run.decided.last?.decision == auto(2700, "tab:home", .probe))
        #expect(run.decided.last?.line == 4)
    }

    @Test("the line-less calls keep no line: the instance says nil")
    func noLines() {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var output: [Decision] = []
        policy.send(presented("tab:home"), at: 100, into: &output)
        #expect(policy.instance(on: "tab:home")?.line == nil)
    }

    @Test("open views, one row per input: presented opens, a none view opens nothing, dismissed and a tap free, launch frees all")
    func counted() {
        var policy = RetryPolicy(settings: PolicySettings(platform: .ios))
        var output: [Decision] = []
        let rows: [(PolicyInput, open: Int, offline: Int)] = [
            (presented("a"), 1, 1),
            (presented("b", .http(status: 503)), 2, 1),
            (presented("a"), 2, 1),  // replaces a's view: still one on a
            (presented("c", .http(status: 401)), 2, 1),  // the auth shell's: no view
            (.dismissed(surface: "a"), 1, 0),
            (.tapRetry(surface: "b"), 0, 0),
            (presented("d"), 1, 1),
            (.launch, 0, 0),
        ]
        for (index, row) in rows.enumerated() {
            policy.send(row.0, at: Double(index * 10), into: &output)
            #expect(policy.openViews == row.open, "after \(row.0)")
            #expect(policy.offlineViews == row.offline, "after \(row.0)")
            #expect(policy.openViews == policy.instances.count)
        }
    }
}
