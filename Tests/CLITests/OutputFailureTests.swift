import Foundation
import Testing

@testable import TestSupport

/// No command exits 0 after a failed write: standard output, `-o` files and goldens. A
/// failed write ends with 74 (EX_IOERR) and names the destination and the system's reason;
/// a destination that cannot be created ends with 73 (EX_CANTCREAT).
@Suite("Output failures")
struct OutputFailureTests {
    static let full = "/dev/full"
    static var hasFull: Bool { FileManager.default.fileExists(atPath: full) }
    static let web = "recordings/chromium/dead-upstream-frame.jsonl"
    static let native = "recordings/native/contract-example.jsonl"

    static let commands: [[String]] = [
        ["replay", web],
        ["replay", "--format", "jsonl", web],
        ["explain", web],
        ["explain", "--format", "jsonl", web],
        ["explain", native],
        ["native", native],
        ["native", "--format", "jsonl", native],
        ["check", "recordings/rules"],
        ["stats", "recordings"],
        ["stats", "--format", "json", "recordings"],
        ["render", web, "-o", "-"],
        ["--help"],
        ["replay", "--help"],
    ]

    @Test(
        "standard output on a full device: exit 74, naming standard output and the reason",
        .enabled(if: hasFull, "/dev/full exists on Linux only"), arguments: commands)
    func standardOutputFull(_ arguments: [String]) throws {
        let run = try Fixtures.run(arguments, stdoutPath: Self.full)
        #expect(run.status == 74)
        #expect(run.stderr.contains("cannot write to standard output: No space left on device"))
    }

    /// The update prints each golden as it writes it; a failing output must not stop it
    /// half-way (the first line already fails here), nor go unsaid.
    @Test(
        "check --update writes every golden, and still says its report was lost",
        .enabled(if: hasFull, "/dev/full exists on Linux only"), arguments: [1, 2])
    func updateWithFullOutput(jobs: Int) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 200 flaps: a created golden's timeline is printed whole, about 45 kB, so the output
        // overflows its 64 KiB buffer, and fails, while the first recordings are written.
        let flaps = (0..<200).map { #"{"t":\#($0 * 10_000 + 5_000),"type":"offline"}"# + "\n" + #"{"t":\#($0 * 10_000 + 10_000),"type":"online"}"# }
        let names = (0..<40).map { String(format: "r%02d", $0) }
        for name in names {
            try (flaps.joined(separator: "\n") + "\n").write(toFile: "\(directory)/\(name).jsonl", atomically: false, encoding: .utf8)
        }
        let run = try Fixtures.run(["check", "--update", "--jobs", String(jobs), directory], stdoutPath: Self.full)
        #expect(run.status == 74)
        #expect(run.stderr.contains("cannot write to standard output: No space left on device"))
        let missing = names.filter { !FileManager.default.fileExists(atPath: "\(directory)/\($0).expected.jsonl") }
        #expect(missing.isEmpty, "goldens not written: \(missing)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp") }
        #expect(left.isEmpty, "temporaries left: \(left)")
    }

    @Test(
        "render -o /dev/full writes the device directly, exits 74, and leaves the device a device",
        .enabled(if: hasFull, "/dev/full exists on Linux only"))
    func renderToFullDevice() throws {
        let run = try turboReplay(["render", Self.web, "-o", Self.full])
        #expect(run.status == 74)
        #expect(run.stderr.contains("cannot write to /dev/full: No space left on device"))
        let type = try FileManager.default.attributesOfItem(atPath: Self.full)[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test("render -o into a missing directory: exit 73, nothing created")
    func missingDirectory() throws {
        let run = try turboReplay(["render", Self.web, "-o", "/nonexistent-turbo-replay/out.svg"])
        #expect(run.status == 73)
        #expect(run.stderr.contains("cannot create /nonexistent-turbo-replay/out.svg: No such file or directory"))
    }

    @Test(
        "render -o into a read-only directory: exit 73, and an existing file there is kept",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv to drop root"))
    func readOnlyDirectory() throws {
        let directory = try Fixtures.scratchDirectory()
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try "old".write(toFile: directory + "/out.svg", atomically: false, encoding: .utf8)
        chmod(directory, 0o555)
        chmod(directory + "/out.svg", 0o444)
        // Root writes anywhere; the test runs the CLI as nobody so the directory is read-only for it.
        let run = try Fixtures.run(["render", Self.web, "-o", directory + "/out.svg"], user: getuid() == 0 ? 65534 : nil)
        #expect(run.status == 73)
        #expect(run.stderr.contains("cannot create \(directory)/out.svg: Permission denied"))
        #expect(try String(contentsOfFile: directory + "/out.svg", encoding: .utf8) == "old")
    }

    @Test("render -o to a regular file replaces it whole, through a temporary beside it")
    func regularFileReplaced() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "old".write(toFile: directory + "/out.svg", atomically: false, encoding: .utf8)
        let run = try turboReplay(["render", Self.web, "-o", directory + "/out.svg"])
        #expect(run.status == 0)
        #expect(try String(contentsOfFile: directory + "/out.svg", encoding: .utf8).contains("<svg xmlns"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.svg"])
    }
}
