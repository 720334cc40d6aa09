import NativeErrorPolicy
import NativeFindings
import Reports
import Testing

/// `explain` on a native log, as text, straight from the report: each heading once and where it
/// belongs, the JSON lines, the settings and the closing lines.
@Suite("NativeExplainText")
struct NativeExplainTextTests {
    let missed = NativeExplainer.Event.retry(RetryFinding(t: 3500, surface: "tab:home", detail: .missed(.probe)))

    @Test("the settings line names the platform, timings, cooldown and variant")
    func settings() {
        #expect(NativeExplainText.settings(PolicySettings(platform: .android)) == "android: settle 400 ms, probe 2500 ms, cooldown 15000 ms")
        #expect(
            NativeExplainText.settings(PolicySettings(platform: .ios, settle: 650, variants: [.probeOnce]))
                == "ios: settle 650 ms, probe 2500 ms, no cooldown; variant probe-once")
    }

    @Test("the settings line and the findings heading come once, before the first finding")
    func headingsOnce() {
        var text = NativeExplainText(settings: PolicySettings(platform: .ios))
        let row = NativeTextTimeline.row(RetryFinding(t: 3500, surface: "tab:home", detail: .missed(.probe)))
        #expect(text.lines(missed) == ["ios: settle 400 ms, probe 2500 ms, no cooldown", NativeTextTimeline.findingsHeader, row])
        #expect(text.lines(missed) == [row])
        #expect(text.settingsLine().isEmpty)
    }

    @Test("settings read from the meta before the first event are the ones printed")
    func settingsFromTheMeta() {
        var text = NativeExplainText(settings: PolicySettings(platform: .ios))
        text.settings = PolicySettings(platform: .android)
        #expect(text.lines(missed).first == "android: settle 400 ms, probe 2500 ms, cooldown 15000 ms")
    }

    @Test("a finding's JSON line is its own")
    func jsonLine() {
        let finding = RetryFinding(t: 3500, surface: "tab:home", detail: .missed(.probe))
        #expect(NativeExplainText.jsonLine(missed) == finding.jsonLine)
        #expect(NativeExplainText.jsonLine(missed).hasPrefix("{"))
    }

    @Test("a log without app-retry lines closes with a note that there was nothing to compare, and no settings line")
    func nothingToCompare() {
        var text = NativeExplainText(settings: PolicySettings(platform: .ios))
        #expect(text.closing(NativeExplainer(), path: "a.jsonl") == ["no app-retry lines in a.jsonl: nothing to compare"])
    }
}
