import Foundation
import Testing

@testable import TestSupport

/// Issue #47, items 3, 4 and 5, as `check` shows them: a recording whose name can have no golden
/// of its own is a usage error naming it, before anything is read or written; two goldens that
/// are one file are refused to `--update`; and a golden that is a symbolic link is updated
/// through it, said, and stays a link.
@Suite("Golden claims")
struct GoldenClaimsTests {
    static let flap = Fixtures.recordings + "/chromium/flap-short.jsonl"
    static let submit = Fixtures.recordings + "/chromium/offline-form-submit.jsonl"

    static func folder(_ files: [String: String]) throws -> String {
        let directory = try Fixtures.scratchDirectory()
        for (name, source) in files { try FileManager.default.copyItem(atPath: source, toPath: directory + "/" + name) }
        return directory
    }

    static func names(_ directory: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    /// A golden handed to a fleet command stands for the recording the naming rule gives it,
    /// even beside a recording the rule refuses: `x.launch.expected.jsonl` is `x.jsonl`'s, not
    /// `x.launch.jsonl`'s. The kinds of golden come from the registry, above the reader.
    @Test func aGoldenGivenToStatsIsItsRecordingsByTheRule() throws {
        let directory = try Self.folder(["x.jsonl": Self.flap, "x.launch.jsonl": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory + "/x.launch.expected.jsonl", contents: Data()))
        let rows = directory + "/rows.jsonl"
        let run = try turboReplay(["stats", "--per-log", rows, directory + "/x.launch.expected.jsonl"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let written = try String(contentsOfFile: rows, encoding: .utf8)
        #expect(written.hasPrefix(#"{"path":"\#(directory)/x.jsonl","#) && written.split(separator: "\n").count == 1, "\(written)")
    }

    /// A golden of a policy that does not apply to its recording fails, saying so, and
    /// `--update` leaves it for a person to delete.
    @Test func aGoldenOfAPolicyThatDoesNotApplyFails() throws {
        let android = Fixtures.recordings + "/archive/android-refused"
        let directory = try Self.folder(["a.jsonl": android + ".jsonl", "a.expected.jsonl": android + ".expected.jsonl"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"t":1}"#.write(toFile: directory + "/a.archive.expected.jsonl", atomically: false, encoding: .utf8)
        for update in [false, true] {
            let run = try turboReplay(["check"] + (update ? ["--update"] : []) + [directory])
            #expect(run.status == 1)
            #expect(
                run.stdout == "FAIL \(directory)/a.jsonl: the web-archive cache does not apply to this recording, so nothing is compared with "
                    + "\(directory)/a.archive.expected.jsonl\n     delete the golden (check --update leaves it)\n1 passed, 1 failed\n", "\(run.stdout)")
            #expect(try Self.names(directory) == ["a.archive.expected.jsonl", "a.expected.jsonl", "a.jsonl"])
        }
    }

    /// They shared `ru.expected.jsonl`: the update wrote it twice, said "2 passed", and the
    /// next check failed one.
    @Test func recordingsNotNamedJSONLAreRefused() throws {
        let directory = try Self.folder(["run1.log": Self.flap, "run2.log": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try turboReplay(["check", "--update", "--jobs", "2", directory + "/run1.log", directory + "/run2.log"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("\(directory)/run1.log: its name does not end in .jsonl"), "\(run.stderr)")
        #expect(run.stderr.contains("\(directory)/run2.log: its name does not end in .jsonl"))
        #expect(try Self.names(directory) == ["run1.log", "run2.log"], "nothing is written")
    }

    /// `x.session.expected.jsonl` was the session golden of `x.jsonl` and `x.native.jsonl`, and
    /// the golden of `x.session.jsonl`: the update wrote one over the other and exited 0.
    @Test(arguments: ["session", "recover-on-response", "probe-once", "launch"])
    func aRecordingNamedAfterAKindIsRefused(_ part: String) throws {
        let directory = try Self.folder(["x.jsonl": Self.flap, "x.\(part).jsonl": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in [["check", directory], ["check", "--update", directory]] {
            let run = try turboReplay(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stdout)")
            #expect(run.stderr.contains("\(directory)/x.\(part).jsonl: a name ending in .\(part).jsonl cannot have goldens of its own"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try Self.names(directory) == ["x.\(part).jsonl", "x.jsonl"].sorted())
    }

    /// Two recordings' goldens linked to one file: checked as they are, refused to --update.
    @Test func goldensThatAreOneFileAreNotUpdatedTogether() throws {
        let directory = try Self.folder(["a.jsonl": Self.submit, "b.jsonl": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/shared", withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: Fixtures.recordings + "/chromium/offline-form-submit.expected.jsonl", toPath: directory + "/shared/submit.expected.jsonl")
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(atPath: "\(directory)/\(name).expected.jsonl", withDestinationPath: "shared/submit.expected.jsonl")
        }
        let check = try turboReplay(["check", directory + "/a.jsonl", directory + "/b.jsonl"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let update = try turboReplay(["check", "--update", directory + "/a.jsonl", directory + "/b.jsonl"])
        #expect(update.status == 64)
        #expect(update.stderr.contains("\(directory)/a.expected.jsonl and \(directory)/b.expected.jsonl are one file"), "\(update.stderr)")
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The link was replaced by a plain file, silently, and the shared golden stayed stale.
    @Test func aGoldenThatIsALinkIsUpdatedThroughIt() throws {
        let directory = try Self.folder(["a.jsonl": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/shared", withIntermediateDirectories: false)
        try #"{"t":1,"banner":"hidden","cause":"connect"}"#.write(toFile: directory + "/shared/t.expected.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/a.expected.jsonl", withDestinationPath: "shared/t.expected.jsonl")
        let run = try turboReplay(["check", "--update", directory + "/a.jsonl"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("updated \(directory)/a.expected.jsonl"))
        #expect(Self.isLink(directory + "/a.expected.jsonl"), "the link was replaced")
        let expected = try String(contentsOfFile: Fixtures.recordings + "/chromium/offline-form-submit.expected.jsonl", encoding: .utf8)
        #expect(try String(contentsOfFile: directory + "/shared/t.expected.jsonl", encoding: .utf8) == expected)
        let target = URL(fileURLWithPath: directory + "/shared/t.expected.jsonl").resolvingSymlinksInPath().path
        #expect(run.stderr.contains("\(directory)/a.expected.jsonl is a symbolic link: updated its target \(target)"), "\(run.stderr)")
        #expect(try turboReplay(["check", directory + "/a.jsonl"]).status == 0)
    }

    /// A link to nothing is not followed: a file created where it points would be wherever
    /// whoever made the link chose.
    @Test func aGoldenThatIsALinkToNothingIsNotWritten() throws {
        let directory = try Self.folder(["a.jsonl": Self.submit])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/a.expected.jsonl", withDestinationPath: directory + "/elsewhere")
        let run = try turboReplay(["check", "--update", directory + "/a.jsonl"])
        #expect(run.status == 73)
        #expect(run.stdout.contains("cannot create \(directory)/a.expected.jsonl: a symbolic link to nothing"), "\(run.stdout)")
        #expect(Self.isLink(directory + "/a.expected.jsonl") && !FileManager.default.fileExists(atPath: directory + "/elsewhere"))
    }
}
