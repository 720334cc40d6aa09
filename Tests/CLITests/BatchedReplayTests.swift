import Foundation
import Testing

@testable import TestSupport

/// `replay` reads a file a batch of records at a time (the parser and the banner each run a
/// batch long, which is most of its speed on an output-heavy log) and standard input a line at
/// a time (a followed log shows each decision as it comes). Both must print the same bytes and
/// stop at the same line.
@Suite("replay: a file read in batches, standard input line by line")
struct BatchedReplayTests {
    /// `flaps` network flaps a second apart; `special` replaces lines by number (from 3).
    static func log(flaps: Int, special: [Int: String] = [:]) -> String {
        var lines = [#"{"type":"meta","version":1,"source":"test"}"#, #"{"t":0,"type":"connect","context":null,"online":true,"page":"/"}"#]
        for k in 0..<flaps {
            let t = 1_000 * (k + 1)
            lines.append(#"{"t":\#(t),"type":"offline"}"#)
            lines.append(#"{"t":\#(t + (k % 2 == 0 ? 300 : 900)),"type":"online"}"#)
        }
        for (line, text) in special { lines[line - 1] = text }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let special: [Int: String]
        let lenient: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a log of many batches", special: [:], lenient: false),
        Case(name: "a malformed line past the first batch: the same timeline up to it, the same error", special: [500: "{"], lenient: false),
        Case(name: "time going back in the third batch", special: [700: #"{"t":5,"type":"online"}"#], lenient: false),
        Case(name: "--lenient: the malformed lines skipped, the same timeline", special: [256: "[1]", 257: "{", 900: #"{"t":"x"}"#], lenient: true),
    ]

    @Test(arguments: cases)
    func sameOutput(_ row: Case) throws {
        let text = Self.log(flaps: 600, special: row.special)
        let path = try Fixtures.file(text, name: "batched.jsonl")
        let options = ["replay", "--format", "jsonl"] + (row.lenient ? ["--lenient"] : [])
        let file = try turboReplay(options + [path]), piped = try turboReplay(options + ["-"], input: text)
        #expect(file.status == piped.status)
        #expect(file.stdout == piped.stdout)
        #expect(file.stdout.split(separator: "\n").count > 100)
        // The same message, but for the file's name.
        #expect(file.stderr.replacingOccurrences(of: path, with: "-") == piped.stderr.replacingOccurrences(of: "<stdin>", with: "-"))
        if row.special.isEmpty || row.lenient { #expect(file.status == 0) } else { #expect(file.status == 65) }
    }

    @Test("a FIFO is followed as it grows: its first decision prints before the writer is done")
    func fifo() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/log.fifo", out = directory + "/out.jsonl"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The built tool, its standard output a file read while it runs: what a process
        // prints before it has ended, as a person following a log sees it.
        #expect(FileManager.default.createFile(atPath: out, contents: nil))
        let process = try Subprocess.cli(["replay", "--format", "jsonl", fifo], stdout: out)
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        // Fewer records than a batch, and the pipe left open: only a line-by-line read shows them.
        let head = Self.log(flaps: 3).split(separator: "\n").prefix(6).joined(separator: "\n") + "\n"
        writer.write(Data(head.utf8))
        var printed = ""
        for _ in 0..<1000 where !printed.contains("\"banner\":\"offline\"") {
            usleep(5_000)
            printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
        try writer.close()
        let ended = process.wait()
        #expect(printed.contains("\"banner\":\"offline\""), "nothing printed while the FIFO was open")
        #expect(ended == .exited(0))
    }
}
