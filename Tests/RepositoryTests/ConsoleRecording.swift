import Foundation
import Testing

@testable import TestSupport

/// The docs tests' record mode, as swift-snapshot-testing's: with `TURBO_REPLAY_RECORD=1`,
/// `swift test --filter DocsTests` writes what each quoted command prints now into its console
/// block, in place, and fails naming each block it wrote, so a record run never passes silently
/// and what it wrote is read (`git diff`) before it is committed. Without it, nothing is written.
enum ConsoleRecording {
    /// Whether this run records (`TURBO_REPLAY_RECORD=1`).
    static let isOn = ProcessInfo.processInfo.environment["TURBO_REPLAY_RECORD"] == "1"

    /// A console block's text for what its commands printed: each `$ command`, then its output.
    static func text(_ printed: [(command: String, output: String)]) -> String {
        var text = printed.map { "$ \($0.command)\n" + $0.output }.joined()
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Writes `text` as the body of `block` in its file and records an issue saying so. Blocks
    /// of one file are written one at a time, each where its file's earlier writes moved it.
    static func record(_ block: MarkdownBlock, as text: String) throws {
        try Self.files.withLock { moved in
            let path = Fixtures.root.path + "/" + block.file
            var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            let start = block.line + (moved[block.file] ?? []).filter { $0.line < block.line }.reduce(0) { $0 + $1.by }
            let old = block.text.components(separatedBy: "\n")
            let body = start..<(start + old.count)
            guard body.upperBound <= lines.count, Array(lines[body]) == old else {
                throw RecordingError(message: "\(block.file):\(block.line): the block is no longer where it was read; run again")
            }
            let new = text.components(separatedBy: "\n")
            lines.replaceSubrange(body, with: new)
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            moved[block.file, default: []].append((block.line, new.count - old.count))
        }
        Issue.record("\(block.file):\(block.line): recorded what its commands print now (TURBO_REPLAY_RECORD=1); read the diff, then run without it")
    }

    /// Writes `written` (a file a quoted command wrote into the scratch copy of docs/) over
    /// docs/`name`, and records an issue saying so.
    static func record(_ block: MarkdownBlock, docs name: String, as written: Data) throws {
        try written.write(to: URL(fileURLWithPath: Fixtures.root.path + "/docs/" + name))
        Issue.record("\(block.file):\(block.line): recorded docs/\(name) as its command writes it now (TURBO_REPLAY_RECORD=1)")
    }

    /// Stops a record of `block`: `command` crashed (a shell status of 128 + a signal), so
    /// what it printed is not its output. A debug build can do that after a detector's stored
    /// properties change (docs/architecture.md, "Incremental builds and a struct held by value").
    static func refuse(_ block: MarkdownBlock, _ command: String, status: Int32) throws {
        throw RecordingError(
            message: "\(block.file):\(block.line): `\(command)` crashed (status \(status)), not recorded: delete .build/debug/Modules, build and record again")
    }

    struct RecordingError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Per file, the blocks written so far: the line of each and how many lines it gained.
    private static let files = Locked<[String: [(line: Int, by: Int)]]>([:])
}

/// A value read and changed under a lock, by the tests that run in parallel.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
