import Foundation
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import Goldens
@testable import TestSupport

/// The registry (`PolicyDescription.all`) is the one place a policy is registered. These hold
/// the places that read it to it: goldens, tolerance, and the goldens on disk, so that a policy
/// missing from any of them, or a time key a golden has and its policy does not declare, fails.
@Suite("The policies' registry")
struct PolicyRegistryTests {
    @Test("every registered policy has its golden timeline, beside the kind of recording it says, and no other")
    func everyPolicyHasItsGolden() {
        let web = GoldenTimeline.all(for: .web), native = GoldenTimeline.all(for: .native)
        #expect((web + native).map(\.policy.id).sorted { $0.rawValue < $1.rawValue } == PolicyID.allCases.sorted { $0.rawValue < $1.rawValue })
        for id in PolicyID.allCases {
            // A case left out of `all` is this failure, not a crash of the run in `of`.
            guard PolicyDescription.all.contains(where: { $0.id == id }) else {
                Issue.record("PolicyID.\(id) has no description in PolicyDescription.all")
                continue
            }
            #expect(GoldenTimeline.of(id).policy.id == id, "GoldenTimeline.of(.\(id)) replays another policy")
            #expect(PolicyDescription.of(id).id == id)
        }
        for timelines in [web, native] {
            #expect(Set(timelines.map(\.name)).count == timelines.count, "two timelines of one recording share a golden name")
            #expect(timelines.first?.alwaysRequired == true && timelines.dropFirst().allSatisfy { !$0.alwaysRequired })
        }
    }

    @Test("finding ids are unique across the policies, and each policy's are its kinds'")
    func findingIDs() {
        let ids = PolicyDescription.findingIDs
        #expect(Set(ids).count == ids.count, "a finding id is used twice: \(ids)")
        #expect(PolicyDescription.errorView.findings.map(\.id) == ["missed-retry", "unexpected-retry", "probe-loop"])
        #expect(PolicyDescription.launch.findings.map(\.id) == ["stalled", "screen-mismatch", "error-behind-loading"])
        #expect(PolicyDescription.archive.findings.map(\.id) == ["offline-miss", "not-intercepted", "stale-archive"])
        #expect(PolicyDescription.session.findings.map(\.id) == ["late-pill", "pill-outlived-network", "slow-recovery", "clock-skew"])
        #expect(PolicyDescription.level(ofFinding: "flap-suppressed") == .info)
        #expect(PolicyDescription.level(ofFinding: "offline-miss") == .info)
        #expect(PolicyDescription.level(ofFinding: "probe-loop") == .warning)
        #expect(PolicyDescription.level(ofFinding: "no-such-finding") == nil)
    }

    @Test("log-cut and log-gap are the log's own findings, listed once for both layers and under no policy")
    func logFindingsAreTheReaders() {
        #expect(
            PolicyDescription.logFindings == [FindingDescription(id: "log-cut", level: .info), FindingDescription(id: "log-gap", level: .warning)])
        #expect(PolicyDescription.level(ofFinding: "log-cut") == .info)
        #expect(PolicyDescription.level(ofFinding: "log-gap") == .warning)
        for id in ["log-cut", "log-gap"] {
            #expect(PolicyDescription.findingIDs.filter { $0 == id }.count == 1)
            #expect(PolicyDescription.all.allSatisfy { !$0.findings.map(\.id).contains(id) })
        }
    }

    @Test("the tolerance holds every policy's time keys as times and its latency keys as latencies")
    func toleranceReadsTheRegistry() {
        for policy in PolicyDescription.all {
            #expect(policy.timeKeys.contains("t"), "\(policy.id): every timeline's lines have a time t")
            #expect(policy.timeKeys.isSubset(of: Tolerance.timeKeys), "\(policy.id)")
            #expect(policy.latencyKeys.isSubset(of: Tolerance.latencyKeys), "\(policy.id)")
        }
        #expect(Tolerance.timeKeys.isDisjoint(with: Tolerance.latencyKeys))
    }

    /// A key that holds milliseconds is named `t` or ends in `Ms`, or is one of the few times
    /// the formats name otherwise (`until`, `drop`, `edge`); each found in a policy's goldens
    /// must be one its description declares, or a tolerant check would hold it exactly.
    @Test("every time in a policy's goldens on disk is a key its description declares")
    func goldensUseTheDeclaredKeys() throws {
        let listing = try RecordingFiles.list(in: [Fixtures.recordings])
        var seen: [PolicyID: Set<String>] = [:]
        for recording in listing.recordings {
            let kind = try RecordingKind.of(path: recording)
            for timeline in GoldenTimeline.all(for: kind) {
                let golden = timeline.golden(for: recording)
                guard let text = try? String(contentsOfFile: golden, encoding: .utf8) else { continue }
                for (index, line) in text.split(separator: "\n").enumerated() {
                    guard case .object(let record)? = JSONValue(parsing: String(line)), record["summary"] == nil else { continue }
                    for key in record.keys where Self.namesATime(key) {
                        seen[timeline.policy.id, default: []].insert(key)
                        #expect(
                            timeline.policy.timeKeys.contains(key) || timeline.policy.latencyKeys.contains(key),
                            "\(golden):\(index + 1) has \(key), which \(timeline.policy.id)'s description does not declare")
                    }
                }
            }
        }
        // Every policy has goldens here, so the check above read each one's.
        for policy in PolicyDescription.all {
            #expect(seen[policy.id]?.contains("t") == true, "\(policy.id): no golden of it was read")
        }
    }

    static func namesATime(_ key: String) -> Bool {
        key == "t" || key.hasSuffix("Ms") || ["until", "drop", "edge"].contains(key)
    }
}
