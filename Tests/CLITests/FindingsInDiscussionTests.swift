import PolicyRegistry
import Replay
import Testing

@testable import TurboReplayCLI

/// A command's FINDINGS block lists its findings from the registry; its discussion may name one
/// to explain it, but a list of a policy's findings written there by hand goes stale when a
/// finding is added (explain's lacked banner-drift and every archive finding). So a discussion
/// that names two or more of a policy's findings names all of them, and only of the policies
/// the command reports.
@Suite("Findings named in --help")
struct FindingsInDiscussionTests {
    /// The finding ids `text` names, as words (a hyphen is part of a word).
    static func named(in text: String, among ids: [String]) -> Set<String> {
        let words = Set(text.split { !($0.isLetter || $0 == "-") }.map(String.init))
        return Set(ids).intersection(words)
    }

    @Test("a discussion that lists a policy's findings lists all of them, of a policy the command reports", arguments: commands.map(\.spec.name))
    func listsAreWhole(_ name: String) throws {
        let spec = try #require(commands.first { $0.spec.name == name }?.spec)
        for policy in PolicyDescription.all {
            let ids = policy.findings.map(\.id)
            let named = Self.named(in: spec.discussion, among: ids)
            if named.count >= 2 {
                #expect(named == Set(ids), "\(name) --help names \(named.sorted()) of \(policy.title)'s findings, not \(Set(ids).subtracting(named).sorted())")
            }
            if named.count >= 2 {
                #expect(spec.findings.contains(policy.id), "\(name) --help lists \(policy.title)'s findings, which it does not report")
            }
        }
    }
}
