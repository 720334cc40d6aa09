import Foundation
import PolicyRegistry
import Replay
import Testing

@testable import TestSupport
@testable import TurboReplayCLI

/// The finding ids a person reads in `--help` and in docs/ come from the policies' registry:
/// a finding added to a policy is listed by every command that reports it, and a policy that no
/// command reports, or whose page does not explain its findings, fails here.
@Suite("Findings in --help and docs, from the registry")
struct FindingsHelpTests {
    static let reporting = commands.map(\.spec).filter { !$0.findings.isEmpty }

    @Test("every policy's findings are reported by some command, and explain reports every one-log policy's")
    func everyPolicyIsReported() {
        let reported = Set(Self.reporting.flatMap(\.findings))
        #expect(reported == Set(PolicyID.allCases), "no command reports \(Set(PolicyID.allCases).subtracting(reported))")
        let explain = commands.map(\.spec).first { $0.name == "explain" }
        #expect(Set(explain?.findings ?? []) == Set(PolicyDescription.all.filter { $0.id != .session }.map(\.id)))
    }

    @Test("a command's --help lists every finding id of the policies it reports, with its level", arguments: reporting.map(\.name))
    func helpListsTheIDs(_ name: String) throws {
        let spec = try #require(commands.map(\.spec).first { $0.name == name })
        let help = try turboReplay([name, "--help"])
        #expect(help.status == 0)
        let block = help.stdout.components(separatedBy: "FINDINGS:\n").dropFirst().first ?? ""
        for policy in spec.findings.map(PolicyDescription.of) {
            for finding in policy.findings {
                #expect(block.contains("\(finding.id) (\(finding.level.rawValue))"), "\(name) --help does not list \(finding.id)")
            }
            #expect(block.contains(policy.findingsPage))
        }
    }

    @Test("each policy's page in docs/ explains each of its finding ids")
    func pagesExplainTheIDs() throws {
        for policy in PolicyDescription.all {
            let page = try String(contentsOfFile: Fixtures.root.path + "/" + policy.findingsPage, encoding: .utf8)
            for finding in policy.findings {
                #expect(page.contains("`\(finding.id)`"), "\(policy.findingsPage) does not name `\(finding.id)`")
            }
        }
    }
}
