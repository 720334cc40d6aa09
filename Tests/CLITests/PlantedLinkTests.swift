import Foundation
import Testing

@testable import TestSupport

/// Issue #47, item 1: no write follows a symbolic link planted where a temporary would be. Every
/// writer (`render -o`, `tune --plot`, `session --render`, `check --update`) once wrote
/// `OUT.tmp-PID` with `O_CREAT|O_TRUNC`: a link planted under that name had its target
/// overwritten and made the output a link to it. Each case here plants such a link under the
/// very name the process would have used (this process's pid: the command runs in it),
/// pointing at a file of someone else's (mode 0600), and runs the writer. Runs as any user.
@Suite("Planted links")
struct PlantedLinkTests {
    static let victimText = "not the tool's to write\n"

    /// Each writer: its arguments (`D` stands for the scratch folder), and its output's name in it.
    static let writers: [(name: String, arguments: [String], output: String)] = [
        ("render -o", ["render", "recordings/chromium/flap-short.jsonl", "-o", "D/out.svg"], "out.svg"),
        ("tune --plot", ["tune", "recordings/chromium", "--plot", "D/plot.svg"], "plot.svg"),
        (
            "session --render",
            ["session", "recordings/session/airplane.jsonl", "recordings/session/airplane.native.jsonl", "--render", "D/s.svg"], "s.svg"
        ),
        ("check --update", ["check", "--update", "D/r.jsonl"], "r.expected.jsonl"),
    ]

    /// The writer's command line, its files in `directory`.
    static func arguments(_ writer: (name: String, arguments: [String], output: String), in directory: String) -> [String] {
        writer.arguments.map { $0.hasPrefix("D/") ? directory + $0.dropFirst() : $0 }
    }

    static func folder() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/offline-form-submit.jsonl", toPath: directory + "/r.jsonl")
        try victimText.write(toFile: directory + "/victim", atomically: false, encoding: .utf8)
        chmod(directory + "/victim", 0o600)
        return directory
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("a link planted under the temporary's old name is never followed", arguments: 0..<writers.count)
    func plantedUnderTheOldName(_ index: Int) throws {
        let writer = Self.writers[index]
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/" + writer.output
        try FileManager.default.createSymbolicLink(atPath: "\(output).tmp-\(getpid())", withDestinationPath: directory + "/victim")
        let run = try turboReplay(Self.arguments(writer, in: directory))
        #expect(run.status == 0 || run.status == 1, "\(writer.name): \(run.stderr)")
        #expect(try String(contentsOfFile: directory + "/victim", encoding: .utf8) == Self.victimText, "\(writer.name) wrote through the link")
        var status = stat()
        #expect(stat(directory + "/victim", &status) == 0 && status.st_mode & 0o7777 == 0o600, "\(writer.name) changed the victim's mode")
        #expect(Self.kind(output) == S_IFREG, "\(writer.name): the output is no regular file")
        // The link is left as it was, and said: it is not the tool's to remove.
        let planted = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(writer.output + ".tmp-") }
        #expect(planted.count == 1 && Self.kind(directory + "/" + planted[0]) == S_IFLNK)
        #expect(run.stderr.contains("named like a temporary of turbo-replay, but it is a symbolic link"), "\(run.stderr)")
    }

    /// What a killed writer left (its pid gone) is removed before the next run writes; a link
    /// or another process's file under such a name is left and said.
    @Test("stale temporaries are swept at start, a planted one is only said", arguments: 0..<writers.count)
    func sweptAtStart(_ index: Int) throws {
        let writer = Self.writers[index]
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stale = directory + "/" + writer.output + ".tmp-999999999-AbCdEfGh"
        let planted = directory + "/" + writer.output + ".tmp-999999998-AbCdEfGh"
        try "half a file".write(toFile: stale, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: directory + "/victim")
        let run = try turboReplay(Self.arguments(writer, in: directory))
        #expect(run.status == 0 || run.status == 1, "\(writer.name): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale), "\(writer.name) left a killed writer's temporary")
        #expect(run.stderr.contains("removed \(stale), left by an interrupted "), "\(run.stderr)")
        #expect(Self.kind(planted) == S_IFLNK)
        #expect(run.stderr.contains("\(planted): named like a temporary of turbo-replay, but it is a symbolic link"), "\(run.stderr)")
        #expect(try String(contentsOfFile: directory + "/victim", encoding: .utf8) == Self.victimText)
    }
}
