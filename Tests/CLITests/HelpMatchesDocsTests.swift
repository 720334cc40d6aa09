import Foundation
import Testing

@testable import TestSupport
@testable import TurboReplayCLI

/// docs/cli.md is the reference a person reads; `--help` is what the tool says. Every option a
/// command's help lists must be in that command's section of the page, so the two cannot drift.
@Suite("docs/cli.md against --help")
struct HelpMatchesDocsTests {
    /// Every subcommand, as the tool lists them.
    static let commands = TurboReplayCLI.commands.map(\.spec.name)

    /// The `## \`name\`` section of docs/cli.md.
    static func section(_ command: String) throws -> String {
        let page = try String(contentsOfFile: Fixtures.root.path + "/docs/cli.md", encoding: .utf8)
        let heading = "## `\(command)`"
        let start = try #require(page.range(of: heading + "\n"), "docs/cli.md has no \(heading) section")
        let rest = page[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test("every option of --help is in the command's section of docs/cli.md", arguments: commands)
    func optionsAreDocumented(_ command: String) throws {
        let help = try turboReplay([command, "--help"])
        #expect(help.status == 0)
        let options = help.stdout.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard line.hasPrefix("  -"), let name = trimmed.split(separator: " ").first else { return nil }
            return String(name)
        }.filter { $0 != "--help" }
        #expect(!options.isEmpty)
        let section = try Self.section(command)
        for option in options {
            #expect(
                section.contains("`\(option)") || section.contains(" \(option) ") || section.contains("\(option),"),
                "docs/cli.md's \(command) section does not mention \(option)")
        }
    }
}
