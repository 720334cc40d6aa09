import Foundation
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// `stats` reports every policy the registry gives a section, where the registry says, with a
/// count for each of its findings: a policy registered without its figures fails here.
@Suite("stats: a section per registered policy")
struct StatsSectionsTests {
    @Test("stats --format json has each counted policy's section and a count for each of its finding ids")
    func sections() throws {
        let run = try turboReplay(["stats", "--format", "json", "recordings"])
        #expect(run.status == 0 || run.status == 1)
        let report = try #require(JSONValue(parsing: run.stdout))
        let counted = PolicyDescription.all.filter { $0.statsSection != nil }
        #expect(counted.map(\.id) == [.banner, .errorView, .launch, .archive, .session])
        for policy in counted {
            let path = policy.statsSection!.split(separator: ".").map(String.init)
            let section = try #require(Self.value(at: path, in: report), "no \(policy.statsSection!) in stats' report for \(policy.id)")
            let findings = Self.value(at: ["findings"], in: section) ?? Self.value(at: path.dropLast() + ["findings"], in: report)
            guard case .object(let counts)? = findings else {
                Issue.record("\(policy.id): no findings object at or above \(policy.statsSection!)")
                continue
            }
            for finding in policy.findings {
                #expect(counts[finding.id] != nil, "stats counts no \(finding.id) (\(policy.id))")
            }
        }
    }

    static func value(at path: [String], in value: JSONValue) -> JSONValue? {
        var current = value
        for key in path {
            guard case .object(let object) = current, let next = object[key] else { return nil }
            current = next
        }
        return current
    }
}
