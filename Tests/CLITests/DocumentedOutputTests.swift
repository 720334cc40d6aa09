import Foundation
@testable import TestSupport
import Testing

/// The `whatif` and `tune` outputs quoted in the README and docs/variants.md are what the
/// commands print on the bundled recordings, to the byte, and the committed plot is what
/// `tune --plot` draws: an example that goes stale fails here.
@Suite("Documented what-if and tune outputs")
struct DocumentedOutputTests {
    struct Example: CustomStringConvertible, Sendable {
        var file: String
        var arguments: [String]
        var output: String
        var description: String { "\(file): turbo-replay \(arguments.joined(separator: " "))" }
    }

    /// Every ```text block whose first line is `$ turbo-replay whatif …` or `$ turbo-replay tune …`.
    static let examples: [Example] = ["README.md", "docs/variants.md"].flatMap { file -> [Example] in
        let text = (try? String(contentsOfFile: Fixtures.root.path + "/" + file, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "```text\n").dropFirst().compactMap { block in
            guard let body = block.components(separatedBy: "```").first,
                  let command = body.split(separator: "\n", maxSplits: 1).first,
                  command.hasPrefix("$ turbo-replay whatif ") || command.hasPrefix("$ turbo-replay tune ") else { return nil }
            let arguments = command.dropFirst("$ turbo-replay ".count).split(separator: " ").map(String.init)
            return Example(file: file, arguments: arguments, output: String(body.dropFirst(command.count + 1)))
        }
    }

    @Test func theDocsQuoteWhatIfAndTune() {
        #expect(Self.examples.contains { $0.file == "README.md" && $0.arguments.first == "whatif" && $0.arguments.last == "recordings" })
        #expect(Self.examples.contains { $0.file == "README.md" && $0.arguments.first == "tune" && $0.arguments.last == "recordings" })
    }

    @Test("each quoted output is what the command prints", arguments: examples)
    func quotedOutput(example: Example) throws {
        var arguments = example.arguments
        var plot: (committed: String, drawn: String)?
        if let index = arguments.firstIndex(of: "--plot") {
            let drawn = try Fixtures.scratchDirectory() + "/plot.svg"
            plot = (arguments[index + 1], drawn)
            arguments[index + 1] = drawn
        }
        let run = try Fixtures.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout == example.output, "rerun it and paste its output into \(example.file)")
        if let plot {
            let committed = try String(contentsOfFile: Fixtures.root.path + "/" + plot.committed, encoding: .utf8)
            #expect(try String(contentsOfFile: plot.drawn, encoding: .utf8) == committed,
                    "redraw \(plot.committed) (and its PNG) with the command in \(example.file)")
        }
    }
}
