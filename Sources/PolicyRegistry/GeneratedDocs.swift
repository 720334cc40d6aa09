import BannerFindings
import Replay

/// The parts of docs/ made from the code, as swift-format makes its rule documentation: each
/// policy's table of findings on its page (`findingsPage`), from the findings' declarations,
/// and the JSON fields of the banner's findings on docs/field-reports.md, from its detectors.
/// A block sits between `<!-- generated: NAME -->` and `<!-- end generated -->`; a table's
/// header (its first two lines) is the page's own, its rows are made. `generate-docs` writes
/// them, and `GeneratedDocsTests` regenerates them and fails when a page differs.
package enum GeneratedDocs {
    package static let end = "<!-- end generated -->"

    /// Every page with a generated block, in registry order.
    package static var pages: [String] {
        var pages: [String] = []
        for policy in PolicyDescription.all where !pages.contains(policy.findingsPage) { pages.append(policy.findingsPage) }
        return pages
    }

    /// The name of the block of `policy`'s table of findings.
    package static func findingsBlock(_ policy: PolicyID) -> String { "findings \(policy.rawValue)" }
    /// The name of the block of the banner's findings' JSON fields.
    package static let bannerFieldsBlock = "finding fields banner"

    /// `page` (the text of `path`) with every generated block made again from the code.
    /// Throws `GeneratedDocsError` for a block of no known name, one not closed, or a policy
    /// whose page has no table of its findings.
    package static func regenerate(_ page: String, path: String) throws -> String {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var names: [String] = []
        var index = 0
        while index < lines.count {
            guard let name = blockName(lines[index]) else {
                index += 1
                continue
            }
            guard let close = lines[(index + 1)...].firstIndex(of: end) else {
                throw GeneratedDocsError(path: path, message: "<!-- generated: \(name) --> is not closed")
            }
            let made = try block(name, old: Array(lines[(index + 1)..<close]), path: path)
            lines.replaceSubrange((index + 1)..<close, with: made)
            names.append(name)
            index += made.count + 2
        }
        for policy in PolicyDescription.all where policy.findingsPage == path && !names.contains(findingsBlock(policy.id)) {
            throw GeneratedDocsError(path: path, message: "no table of \(policy.title)'s findings (<!-- generated: \(findingsBlock(policy.id)) -->)")
        }
        return lines.joined(separator: "\n")
    }

    private static func blockName(_ line: String) -> String? {
        guard line.hasPrefix("<!-- generated: "), line.hasSuffix(" -->") else { return nil }
        return String(line.dropFirst("<!-- generated: ".count).dropLast(" -->".count))
    }

    private static func block(_ name: String, old: [String], path: String) throws -> [String] {
        if name == bannerFieldsBlock {
            return BannerFindingKind.allCases.map { "- `\($0.id)`: \($0.fields)." }
        }
        guard let policy = PolicyDescription.all.first(where: { findingsBlock($0.id) == name }) else {
            throw GeneratedDocsError(path: path, message: "<!-- generated: \(name) --> names nothing the code makes")
        }
        guard old.count >= 2, old[0].hasPrefix("|"), old[1].hasPrefix("|-") else {
            throw GeneratedDocsError(path: path, message: "<!-- generated: \(name) --> does not begin with a table's header and its rule")
        }
        return Array(old[0..<2]) + policy.findings.map(row)
    }

    /// A finding's row: its id, then the cells its declaration gives.
    package static func row(_ finding: FindingDescription) -> String {
        "| `\(finding.id)` | " + finding.docs.joined(separator: " | ") + " |"
    }
}

/// A page whose generated blocks cannot be made: names the page and what is wrong.
package struct GeneratedDocsError: Error, CustomStringConvertible {
    package let path: String
    package let message: String

    package var description: String { "\(path): \(message)" }
}
