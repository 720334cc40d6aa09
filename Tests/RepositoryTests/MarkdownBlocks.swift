import Foundation
import Testing

@testable import TestSupport

/// A fenced code block of the repository's Markdown: where it is and what it holds.
struct MarkdownBlock: CustomTestStringConvertible, Sendable {
    /// The file, relative to the repository's root, and the line of the opening fence.
    var file: String
    var line: Int
    /// The info string's first word, after the fence: `console`, `swift`, `sh`, …
    var language: String
    /// The info string's other words: `not-checked` on a ```swift block that needs a framework
    /// this machine cannot build (hotwire-native-ios, UIKit), which DocsTests then skips.
    var flags: [String] = []
    var text: String

    /// The flag that keeps a Swift snippet out of the type-check.
    static let notChecked = "not-checked"

    var testDescription: String { "\(file):\(line)" }

    /// Every Markdown file a reader of the repository reads: the README, docs/, and the
    /// recordings' and the examples' READMEs.
    static let files: [String] = {
        let root = Fixtures.root.path
        var files = ["README.md"]
        for folder in ["docs", "recordings", "examples"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".md") { files.append(folder + "/" + path) }
            }
        }
        return files.sorted()
    }()

    static let all: [MarkdownBlock] = files.flatMap { blocks(in: $0) }

    static func blocks(in file: String) -> [MarkdownBlock] {
        guard let text = try? String(contentsOfFile: Fixtures.root.path + "/" + file, encoding: .utf8) else { return [] }
        var blocks: [MarkdownBlock] = []
        var open: (line: Int, language: String, fence: String, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed == current.fence {
                    let words = current.language.split(separator: " ").map(String.init)
                    blocks.append(
                        MarkdownBlock(
                            file: file, line: current.line, language: words.first ?? "",
                            flags: Array(words.dropFirst()), text: current.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                let fence = String(trimmed.prefix { $0 == "`" })
                open = (index + 1, String(trimmed.dropFirst(fence.count)).trimmingCharacters(in: .whitespaces), fence, [])
            }
        }
        return blocks
    }
}

/// A console block: `$ command` lines, each followed by what it prints.
struct ConsoleSession {
    var commands: [(command: String, output: String)] = []

    init(_ block: MarkdownBlock) {
        for line in block.text.components(separatedBy: "\n") {
            if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), ""))
            } else if !commands.isEmpty {
                let last = commands.count - 1
                commands[last].output += line + "\n"
            }
        }
    }
}
