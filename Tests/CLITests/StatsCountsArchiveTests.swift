import Foundation
import Testing
import TurboRecording

@testable import TestSupport

/// `stats` counts every finding `explain` reports on a native log, the web-archive cache's
/// included: it once left them out (9 warnings where explain gave 12).
@Suite("stats: the archive's findings, as explain gives them")
struct StatsCountsArchiveTests {
    @Test("over recordings/archive, stats counts each archive finding id as often as explain reports it")
    func sameCounts() throws {
        let run = try turboReplay(["stats", "--format", "json", "recordings/archive"])
        guard case .object(let report)? = JSONValue(parsing: run.stdout), case .object(let native)? = report["native"],
            case .object(let findings)? = native["findings"]
        else {
            Issue.record("no native findings in stats' report:\n\(run.stdout)")
            return
        }
        var explained: [String: Int] = [:]
        for name in try Fixtures.recordingNames(in: Fixtures.recordings + "/archive") {
            let explain = try turboReplay(["explain", "--format", "jsonl", "--fail-on", "never", "recordings/archive/" + name + ".jsonl"])
            for line in explain.stdout.split(separator: "\n") {
                guard case .object(let object)? = JSONValue(parsing: String(line)), case .string(let id)? = object["finding"] else { continue }
                explained[id, default: 0] += 1
            }
        }
        for id in ["offline-miss", "not-intercepted", "stale-archive"] {
            guard case .object(let entry)? = findings[id], case .number(let count)? = entry["count"] else {
                Issue.record("stats counts no \(id)")
                continue
            }
            #expect(Int(count) == explained[id, default: 0], "\(id): stats \(count), explain \(explained[id, default: 0])")
        }
        #expect(explained["offline-miss", default: 0] > 0 && explained["not-intercepted", default: 0] > 0)
    }
}
