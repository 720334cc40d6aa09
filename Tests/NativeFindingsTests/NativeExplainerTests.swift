import NativeErrorPolicy
import Testing
import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// NativeExplainer: the streamed retry comparison that `explain` prints as it goes.
@Suite("explain on a native log, streamed")
struct NativeExplainerTests {
    private func feed(_ lines: [String]) throws -> (perRecord: [[NativeExplainer.Event]], atEnd: [NativeExplainer.Event]) {
        let reader = try NativeRecordingReader(path: try temporaryRecording("streamed.jsonl", lines))
        var explainer = NativeExplainer()
        var perRecord: [[NativeExplainer.Event]] = []
        while let record = try reader.next() {
            var events: [NativeExplainer.Event] = []
            explainer.feed(record, decided: { _ in }) { events.append($0) }
            perRecord.append(events)
        }
        var atEnd: [NativeExplainer.Event] = []
        explainer.finish(decided: { _ in }) { atEnd.append($0) }
        return (perRecord, atEnd)
    }

    @Test("a missed retry comes out at the first record more than 1 s after it, not at the end")
    func missedAsSoonAsDecided() throws {
        let (perRecord, atEnd) = try feed([
            iosMeta,
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":100,"type":"app-retry","surface":"other","kind":"manual"}"#,
            #"{"t":1000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1001}}"#,
            #"{"t":4500,"type":"foreground"}"#,  // 1000 ms after the probe's retry at 3500: it could still pair
            #"{"t":4500.5,"type":"foreground"}"#,
            #"{"t":9000,"type":"foreground"}"#,
        ])
        let missed = NativeExplainer.Event.retry(RetryFinding(t: 3500, surface: "tab:home", detail: .missed(.probe), presentedLine: 4))
        #expect(perRecord == [[], [], [], [], [], [missed], []])
        #expect(atEnd.isEmpty)
    }

    @Test("an app retry just before the end pairs with the policy's retry just after it")
    func pairsAcrossTheEnd() throws {
        let (perRecord, atEnd) = try feed([
            iosMeta,
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":3000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1001}}"#,
            #"{"t":4800,"type":"app-retry","surface":"tab:home","kind":"auto"}"#,
        ])
        #expect(perRecord.joined().isEmpty)
        #expect(atEnd == [.afterEnd(Decision(t: 5500, surface: "tab:home", outcome: .retry(.automatic(.probe))))])
    }

    @Test("retry findings wait for the log's first app-retry line: without one, nothing is compared")
    func heldUntilTheAppLogs() throws {
        let lines = [
            iosMeta,
            #"{"t":0,"type":"path","online":true}"#,
            #"{"t":1000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1001}}"#,
            #"{"t":9000,"type":"foreground"}"#,
        ]
        #expect(try feed(lines).perRecord.joined().isEmpty)
        #expect(try feed(lines).atEnd.isEmpty)
        let logged = try feed(lines + [#"{"t":9500,"type":"app-retry","surface":"sheet","kind":"manual"}"#])
        #expect(logged.perRecord.last == [.retry(RetryFinding(t: 3500, surface: "tab:home", detail: .missed(.probe), presentedLine: 3))])
    }

    @Test("the streamed pairing is the whole-log pairing, on every bundled native recording", arguments: try nativeRecordingNames())
    func sameAsWhole(_ name: String) throws {
        let path = nativeRecordings + "/" + name + ".jsonl"
        let explanation = try explainNative(NativeRecordingReader(path: path))
        guard explanation.appRetryLines > 0 else { return }
        var app: [LoggedRetry] = []
        let reader = try NativeRecordingReader(path: path)
        while let record = try reader.next() {
            if case .timed(let t, .appRetry(let retry)) = record.event, retry.kind == .auto {
                app.append(LoggedRetry(line: record.line, t: t, surface: retry.surface, policy: .noView))
            }
        }
        let whole = retryFindings(decisions: explanation.decisions + explanation.afterEnd, appRetries: app)
            .filter { $0.t <= explanation.end! }
        #expect(explanation.findings.map(\.t) == whole.map(\.t))
        #expect(explanation.findings.map(\.kind) == whole.map(\.kind))
    }
}
