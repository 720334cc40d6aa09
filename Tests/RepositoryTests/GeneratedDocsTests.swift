import Foundation
import PolicyRegistry
import Replay
import Testing

@testable import TestSupport

/// The parts of docs/ made from the code (`GeneratedDocs`: each policy's table of findings, the
/// banner findings' JSON fields) are what the code makes now: regenerated and compared, as
/// swift-format's GeneratedFilesValidityTests holds its generated registry. A finding declared
/// and not documented, or documented and gone, fails here until `swift run generate-docs`.
@Suite("Generated docs")
struct GeneratedDocsTests {
    @Test("every generated part of docs/ is what the code makes now", arguments: GeneratedDocs.pages)
    func upToDate(_ page: String) throws {
        let text = try String(contentsOfFile: Fixtures.root.path + "/" + page, encoding: .utf8)
        let made = try GeneratedDocs.regenerate(text, path: page)
        let stale = zip(text.split(separator: "\n", omittingEmptySubsequences: false), made.split(separator: "\n", omittingEmptySubsequences: false))
            .first { $0 != $1 }
        #expect(made == text, "\(page) is stale (run `swift run generate-docs`): \(stale.map { "\"\($0.0)\" should be \"\($0.1)\"" } ?? "its length differs")")
    }

    @Test("every registered policy's page has a table of its findings, each row's level its finding's where the table has a level column")
    func everyPolicyHasItsTable() throws {
        for policy in PolicyDescription.all {
            let text = try String(contentsOfFile: Fixtures.root.path + "/" + policy.findingsPage, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            let start = try #require(
                lines.firstIndex(of: "<!-- generated: \(GeneratedDocs.findingsBlock(policy.id)) -->"),
                "\(policy.findingsPage) has no table of \(policy.title)'s findings")
            let header = lines[start + 1].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let levelColumn = header.count > 1 && header[1] == "level"
            for finding in policy.findings {
                #expect(
                    finding.docs.count == header.count - 1, "\(finding.id): \(finding.docs.count) cells after its id, for a table of \(header.count) columns")
                if levelColumn {
                    #expect(finding.docs.first?.hasPrefix(finding.level.rawValue) == true, "\(finding.id)'s level cell does not say \(finding.level.rawValue)")
                }
            }
        }
    }

    @Test("a block of no known name, or a policy's table missing, is an error naming the page")
    func refusesWhatItCannotMake() {
        #expect(throws: GeneratedDocsError.self) { try GeneratedDocs.regenerate("<!-- generated: nothing -->\n<!-- end generated -->", path: "x.md") }
        #expect(throws: GeneratedDocsError.self) { try GeneratedDocs.regenerate("text", path: PolicyDescription.banner.findingsPage) }
        #expect(throws: GeneratedDocsError.self) {
            try GeneratedDocs.regenerate("<!-- generated: \(GeneratedDocs.bannerFieldsBlock) -->\nnot closed", path: "x.md")
        }
    }
}
