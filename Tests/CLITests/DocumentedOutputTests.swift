import Foundation
@testable import TestSupport
import Testing

/// The plot committed under docs/ is what the `tune --plot` command quoted in the README
/// draws, byte for byte. (The quoted outputs themselves are rerun by RepositoryTests' DocsTests.)
@Suite("Documented tune plot")
struct DocumentedOutputTests {
    /// The `$ turbo-replay tune … --plot FILE …` line of the README.
    static func tuneCommand() throws -> [String] {
        let readme = try String(contentsOfFile: Fixtures.root.path + "/README.md", encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("$ turbo-replay tune ") && $0.contains("--plot") })
        return line.dropFirst("$ turbo-replay ".count).split(separator: " ").map(String.init)
    }

    @Test("the committed plot is what the README's tune command draws")
    func committedPlot() throws {
        var arguments = try Self.tuneCommand()
        let index = try #require(arguments.firstIndex(of: "--plot"))
        let committed = arguments[index + 1]
        let drawn = try Fixtures.scratchDirectory() + "/plot.svg"
        arguments[index + 1] = drawn
        let run = try Fixtures.run(arguments)
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: drawn, encoding: .utf8) == String(contentsOfFile: Fixtures.root.path + "/" + committed, encoding: .utf8),
                "redraw \(committed) (and its PNG) with the README's tune command")
    }
}
