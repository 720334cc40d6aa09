import Foundation
import Testing

@testable import TestSupport

/// The plot committed under docs/ is what the `tune --plot` command quoted in docs/variants.md
/// draws, byte for byte. (The quoted outputs themselves are rerun by RepositoryTests' DocsTests.)
@Suite("Documented tune plot")
struct DocumentedOutputTests {
    /// The `$ turbo-replay tune … --plot FILE …` line of docs/variants.md.
    static func tuneCommand() throws -> [String] {
        let page = try String(contentsOfFile: Fixtures.root.path + "/docs/variants.md", encoding: .utf8)
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix("$ turbo-replay tune ") && $0.contains("--plot") })
        return line.dropFirst("$ turbo-replay ".count).split(separator: " ").map(String.init)
    }

    @Test("the committed plot is what the tune command of docs/variants.md draws")
    func committedPlot() throws {
        var arguments = try Self.tuneCommand()
        let index = try #require(arguments.firstIndex(of: "--plot"))
        let committed = arguments[index + 1]
        let drawn = try Fixtures.scratchDirectory() + "/plot.svg"
        arguments[index + 1] = drawn
        let run = try turboReplay(arguments)
        #expect(run.status == 0)
        #expect(
            try String(contentsOfFile: drawn, encoding: .utf8) == String(contentsOfFile: Fixtures.root.path + "/" + committed, encoding: .utf8),
            "redraw \(committed) (and its PNG) with the tune command of docs/variants.md")
    }
}
