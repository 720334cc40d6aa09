import Foundation
import Testing

@testable import TestSupport

/// Issue #47, items 7 and 8: what a command keeps on disk (its spools) goes to `TMPDIR`, else
/// `/tmp`; a spool that cannot be created or written is an I/O error, 74, naming the folder,
/// never 65 ("malformed"), and no copy of standard input outlives a merge, whatever ends it.
@Suite("Spools")
struct SpoolFolderTests {
    static let session = ["session", "recordings/session/field-report.jsonl", "recordings/session/field-report.native.jsonl"]

    /// Commands whose spools are made whatever the log: with `TMPDIR` a file, none can be.
    static let commands: [[String]] = [
        session,
        ["session", "--format", "jsonl", "recordings/session/field-report.jsonl", "recordings/session/field-report.native.jsonl"],
        ["native", "--explain", "recordings/session/causes.native.jsonl"],
        ["explain", "recordings/session/causes.native.jsonl"],
        ["stats", "recordings/session"],
    ]

    @Test("TMPDIR is where spools go: a TMPDIR that is no folder is 74, naming it", arguments: commands)
    func spoolsHonourTMPDIR(_ arguments: [String]) throws {
        let notAFolder = try Fixtures.file("a file, not a folder", name: "tmpdir")
        defer { try? FileManager.default.removeItem(atPath: notAFolder) }
        let run = try Fixtures.shell(#"exec "$CLI" "# + arguments.map(Fixtures.shellQuoted).joined(separator: " "), environment: ["TMPDIR": notAFolder])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("cannot create a temporary file in \(notAFolder) (TMPDIR, else /tmp): Not a directory"), "\(run.stderr)")
    }

    /// A full disk, as a file-size limit of 1 KiB makes it for every file the process writes
    /// (standard output is a pipe here): the session's rows cannot be spooled. It was 65.
    @Test func aSpoolThatCannotBeWrittenIsAnIOError() throws {
        let folder = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Fixtures.shell(
            #"trap '' XFSZ; ulimit -f 1 && exec "$CLI" \#(Self.session.map(Fixtures.shellQuoted).joined(separator: " "))"#, environment: ["TMPDIR": folder])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write to a temporary file in \(folder) (TMPDIR, else /tmp): File too large"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [], "a spool has no name")
    }

    /// `stats --merge -` copies standard input to read it twice: killed while it reads, by
    /// any signal, it leaves no copy behind (it left `turbo-replay-merge-XXXXXX`).
    @Test(arguments: [SIGTERM, SIGHUP, SIGKILL])
    func aMergeOfStandardInputLeavesNoCopy(_ signal: Int32) throws {
        let folder = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try Subprocess.cli(["stats", "--merge", "-"], input: .open, environment: ["TMPDIR": folder])
        // Some of a partial, and standard input left open: the merge is copying it, into a file
        // it holds open in the folder (with no name there).
        process.write(#"{"format":"turbo-replay-stats-partial","version":4}"# + "\n")
        #expect(Self.holdsAFile(in: folder, pid: process.pid), "the merge opened no copy in \(folder)")
        #expect(process.isRunning)
        kill(process.pid, signal)
        let ended = process.wait()
        process.closeInput()
        #expect(ended == .signaled(signal))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    /// Whether process `pid` comes to hold open a file in `folder` within 10 s: its descriptors,
    /// as /proc shows them, checked every 2 ms (a file with no name reads as `folder/#…`).
    static func holdsAFile(in folder: String, pid: Int32) -> Bool {
        let descriptors = "/proc/\(pid)/fd"
        let deadline = Date().addingTimeInterval(10)
        repeat {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + name), target.hasPrefix(folder + "/") {
                    return true
                }
            }
            usleep(2_000)
        } while Date() < deadline
        return false
    }
}
