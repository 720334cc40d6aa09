import NativeErrorPolicy
import NativeFindings
import PolicyCore
import Reports
import Testing

/// The native decisions and retry findings as tables (docs/native-error-view.md's examples):
/// time right-aligned in 12, the surface in 12, then the decision in 14 or the finding in 16 and
/// its level in 7.
@Suite("NativeTextTimeline")
struct NativeTextTimelineTests {
    @Test("the docs' decision rows, exactly")
    func decisionRows() {
        #expect(NativeTextTimeline.header == "      t (ms)  surface       decision        detail")
        #expect(
            NativeTextTimeline.row(Decision(t: 20000, surface: "tab:home", outcome: .view(.offline)))
                == "       20000  tab:home      offline view    watches connectivity, retries by itself")
        #expect(
            NativeTextTimeline.row(Decision(t: 21400, surface: "tab:home", outcome: .retry(.automatic(.edge))))
                == "       21400  tab:home      retry (auto)    edge: the path came back and settled")
        #expect(
            NativeTextTimeline.row(Decision(t: 6000, surface: "sheet", outcome: .view(.server)))
                == "        6000  sheet         server view     never retries by itself; the Retry button works")
        #expect(
            NativeTextTimeline.row(Decision(t: 8100.5, surface: "tab:home", outcome: .deferred(until: 20600)))
                == "      8100.5  tab:home      deferred        inside the cooldown: waits until 20600")
        #expect(
            NativeTextTimeline.row(Decision(t: 9000, surface: "sheet", outcome: .retry(.manual)))
                == "        9000  sheet         retry (manual)  Retry tapped: immediate, never throttled")
    }

    @Test("the other decisions: no view, probe and foreground retries, and a probe-once view without its probe")
    func otherDecisions() {
        func describe(_ outcome: Decision.Outcome, probe: Bool? = nil) -> String {
            let (event, detail) = NativeTextTimeline.describe(Decision(t: 0, surface: "s", outcome: outcome, probe: probe))
            return event + " | " + detail
        }
        #expect(describe(.view(.none)) == "no view | 401: the auth shell has it")
        #expect(describe(.retry(.automatic(.probe))) == "retry (auto) | probe: presented on a healthy path, no edge will come")
        #expect(describe(.retry(.automatic(.foreground))) == "retry (auto) | foreground: the app came back online and settled")
        #expect(
            describe(.view(.offline), probe: false)
                == "offline view | probe-once: no probe (its surface's probe already retried); waits for an edge, an iOS foreground or a tap")
        #expect(describe(.view(.offline), probe: true) == "offline view | watches connectivity, retries by itself")
    }

    @Test("the docs' finding rows, exactly")
    func findingRows() {
        #expect(NativeTextTimeline.findingsHeader == "      t (ms)  surface       finding           level    detail")
        #expect(
            NativeTextTimeline.row(RetryFinding(t: 18400.3, surface: "sheet", detail: .unexpected(line: 9, policy: .cooldown(until: 24400))))
                == "     18400.3  sheet         unexpected-retry  warning  line 9: the app retried automatically; the policy has no automatic retry here within 1 s: inside the cooldown: the policy waits until 24400"
        )
        #expect(
            NativeTextTimeline.row(RetryFinding(t: 24400, surface: "sheet", detail: .missed(.edge)))
                == "       24400  sheet         missed-retry      warning  the policy retried automatically (edge); the app logged no automatic retry here within 1 s"
        )
        let loop = ProbeLoop(surface: "tab:home", t: 6600, count: 3, first: 3500, last: 9700, lines: [3, 5, 7])
        #expect(
            NativeTextTimeline.row(loop)
                == "        6600  tab:home      probe-loop        warning  lines 3, 5, 7: the settling probe retried 3 times with no edge between (3500–9700 ms): each failed retry presented a fresh view that armed the probe again, a polling loop; under probe-once a view waits for an edge, a foreground or a tap instead"
        )
    }

    @Test(
        "what the policy was doing when the app retried unexpectedly, one sentence per state",
        arguments: [
            (PolicyState.noView, "no error view on this surface"), (.serverView, "a server view never retries by itself"),
            (.authShell, "a 401 shows no view (the auth shell has it)"),
            (.alreadyRetried(at: 6000), "the policy already retried this instance at 6000 (single-shot)"),
            (.notDue(at: 2900.25), "the offline view's retry is due at 2900.25"), (.notDue(at: nil), "the offline view waits for the path to come back"),
        ])
    func unexpected(_ state: PolicyState, _ sentence: String) {
        let row = NativeTextTimeline.row(RetryFinding(t: 1, surface: "s", detail: .unexpected(line: 2, policy: state)))
        #expect(row.hasSuffix("line 2: the app retried automatically; the policy has no automatic retry here within 1 s: " + sentence))
    }

    @Test("a surface with a newline or an escape prints escaped, and the columns still line up")
    func escapedSurface() {
        #expect(
            NativeTextTimeline.row(Decision(t: 1, surface: "a\nb", outcome: .retry(.manual)))
                == #"           1  a\u{A}b       retry (manual)  Retry tapped: immediate, never throttled"#)
        #expect(
            NativeTextTimeline.row(ProbeLoop(surface: "\u{1B}[31m", t: 2, count: 2, first: 1, last: 2, lines: [4])).hasPrefix(
                #"           2  \u{1B}[31m    probe-loop        warning  line 4: "#))
    }

    @Test("the count line: none, one, and several by level")
    func counts() {
        #expect(NativeTextTimeline.findingsCount([RetryFinding]()) == "no findings: the app's automatic retries match the policy's")
        #expect(NativeTextTimeline.findingsCount([RetryFinding(t: 0, surface: "s", detail: .missed(.edge))]) == "1 finding (warning 1)")
        #expect(NativeTextTimeline.counted([.info, .warning, .info], "archive finding") == "3 archive findings (warning 1, info 2)")
    }

    @Test("after a cut log's end: the heading, and the decision's JSON line with afterEnd added last")
    func afterEnd() {
        #expect(NativeTextTimeline.afterEnd(70000.25) == "after the log ended at 70000.25 (not held against the app, no findings):")
        #expect(NativeTextTimeline.afterEndJSON(#"{"t":1,"surface":"s"}"#) == #"{"t":1,"surface":"s","afterEnd":true}"#)
    }
}
