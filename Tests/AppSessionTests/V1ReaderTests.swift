import AppSession
import Foundation
import Replay
import Reports
import Testing
import TurboRecording

@testable import TestSupport

/// What a v1 reader of `session --format jsonl` sees (app-session.md v1.1: "A v1 reader that
/// skips lines with a `record` key, and findings with a `layer` key, sees v1's timeline
/// unchanged"). The summary's new `errorViews` is a key a v1 reader does not know, and drops.
enum V1Reader {
    static func lines(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard case .object(let members)? = JSONValue(parsing: line) else { return line }
            if members["record"] != nil { return nil }
            if members["finding"] != nil, members["layer"] != nil { return nil }
            guard case .object(var summary)? = members["summary"] else { return line }
            summary["errorViews"] = nil
            return JSONValue.object(["summary": .object(summary)]).description
        }
    }
}

@Suite("A v1 reader")
struct V1ReaderTests {
    /// The v1.1 golden of `field-report` read as v1 is the v1 golden it was: every v1 line
    /// byte for byte, in order (the summary compared as a value: its keys are sorted here).
    @Test("skipping record lines and layer findings leaves v1's output")
    func fieldReport() throws {
        let stem = Repository.root + "/recordings/session/causes"
        let explainer = SessionLayerFindings(banner: BannerSettings(), native: NativeConfig())
        let session = try replaySession(web: stem + ".jsonl", native: stem + ".native.jsonl", explaining: explainer)
        let v1 = V1Reader.lines(session.jsonLines)
        // v1's lines: connectivity, decisions and banner records, the session's findings, the summary.
        let expected = [
            #"{"t":0,"layer":"native","connectivity":"online"}"#,
            #"{"t":2500,"layer":"native","connectivity":"offline"}"#,
            #"{"t":2600,"layer":"web","banner":"offline","label":"Sin conexión","cause":"fetch-request-error"}"#,
            #"{"t":2620,"layer":"web","banner":"hidden","cause":"pagehide"}"#,
            #"{"t":2700,"layer":"native","surface":"tab:trips","view":"offline"}"#,
            #"{"t":7000,"layer":"native","connectivity":"online"}"#,
            #"{"t":7400,"layer":"native","surface":"tab:trips","retry":"auto","trigger":"edge"}"#,
            #"{"t":7000,"finding":"slow-recovery","edge":7000,"latencyMs":2400}"#,
        ]
        #expect(Array(v1.dropLast()) == expected)
        #expect(session.jsonLines.count > v1.count, "the v1.1 lines are there to skip")
        let summary = try #require(v1.last.flatMap { JSONValue(parsing: $0) })
        guard case .object(let members) = summary, case .object(let body)? = members["summary"] else {
            Issue.record("no summary")
            return
        }
        #expect(body["errorViews"] == nil && body["drops"] == .number(1) && body["edges"] == .number(2))
    }
}
