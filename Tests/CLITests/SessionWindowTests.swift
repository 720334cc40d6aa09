import Foundation
import Testing

@testable import TestSupport

/// `session --from/--to`: a window of session time, with `render`'s semantics and checks.
@Suite("turbo-replay session --from/--to")
struct SessionWindowTests {
    static let report = ["recordings/session/field-report.jsonl", "recordings/session/field-report.native.jsonl"]

    /// A jsonl line's `t`, `nil` for the summary.
    static func time(_ line: Substring) -> Double? {
        guard line.hasPrefix(#"{"t":"#) else { return nil }
        return Double(line.dropFirst(5).prefix { $0 != "," })
    }

    @Test("jsonl: the whole session's lines and findings in the window, in order, and the whole summary")
    func jsonl() throws {
        let whole = try turboReplay(["session", "--format", "jsonl"] + Self.report)
        let window = try turboReplay(["session", "--format", "jsonl", "--from", "5000", "--to", "15600"] + Self.report)
        let lines = whole.stdout.split(separator: "\n")
        let expected = lines.filter { line in Self.time(line).map { $0 >= 5000 && $0 <= 15600 } ?? true }
        #expect(expected.count < lines.count - 2, "the window leaves lines out on both sides")
        #expect(expected.contains { $0.contains(#""finding":"#) }, "and keeps a finding")
        #expect(window.stdout.split(separator: "\n") == expected)
        #expect(window.status == whole.status, "the exit status is the whole session's")
    }

    @Test("text: the rows and findings in the window, the header says so, a drop keeps its note")
    func text() throws {
        let whole = try turboReplay(["session"] + Self.report)
        let window = try turboReplay(["session", "--from", "5000", "--to", "15600"] + Self.report)
        #expect(window.stdout.contains("window:    5000 ms to 15600 ms (the rows and findings in it; the figures are the whole session's)\n"))
        // A row: its time, then its layer.
        let rows = { (text: String) in
            text.split(separator: "\n").filter { line in
                let words = line.split(separator: " ")
                return words.count > 2 && Double(words[0]) != nil && ["native", "web"].contains(words[1])
            }
        }
        let inWindow = rows(whole.stdout).filter { row in
            let t = Double(row.split(separator: " ")[0])!
            return t >= 5000 && t <= 15600
        }
        #expect(inWindow.count < rows(whole.stdout).count - 2)
        #expect(!inWindow.isEmpty)
        #expect(rows(window.stdout) == inWindow)
        // The latencies are measured over the whole session.
        let latencies = { (text: String) in text.components(separatedBy: "\nlatencies\n").last ?? "" }
        #expect(latencies(window.stdout).prefix(200) == latencies(whole.stdout).prefix(200))
    }

    @Test("the picture's axis spans the window, and the picture says it")
    func picture() throws {
        let run = try turboReplay(["session", "--render", "-", "--from", "5000", "--to", "15600"] + Self.report)
        #expect(run.stdout.contains("window 5000 to 15600 ms (the figures are the whole session&apos;s)"))
        #expect(run.stdout.contains(">6 s<") || run.stdout.contains(">10 s<"), "ticks inside the window")
        #expect(!run.stdout.contains(">20 s<"), "no tick past the window")
    }

    @Test("checked as render checks them (64)", arguments: [["--from", "x"], ["--to", "soon"], ["--from", "9", "--to", "9"], ["--from", "9", "--to", "3"]])
    func refused(_ window: [String]) throws {
        let session = try turboReplay(["session"] + window + Self.report)
        let render = try turboReplay(["render", "-o", "-"] + window + [Self.report[0]])
        #expect(session.status == 64 && render.status == 64)
        #expect(session.stderr.split(separator: "\n").first == render.stderr.split(separator: "\n").first)
        #expect(session.stdout == "")
    }
}
