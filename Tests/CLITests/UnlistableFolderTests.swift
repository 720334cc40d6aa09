import Foundation
import Testing

@testable import TestSupport

/// A folder the walk cannot list, or a path the system refuses, is 66 naming it, in every
/// command that walks folders (issue #34, item 13): a run that went on without it would look
/// complete (`check` said `1 passed`, a merge of partials looked whole).
@Suite("An unlistable folder is 66 in every command")
struct UnlistableFolderTests {
    /// Every command that takes a folder of logs, with what it needs besides.
    static let commands: [[String]] = [
        ["check"], ["check", "--update"], ["stats"], ["stats", "--partial"], ["tune", "--debounce-ms", "100,200"],
        ["whatif", "--variant", "recover-on-response"], ["archive", "--summary"],
    ]

    /// A folder with a recording and a subfolder of mode 000 with another. Root lists any
    /// folder: the CLI runs as nobody (through setpriv), as for a real user.
    @Test("a subfolder of mode 000", arguments: commands)
    func modeZero(_ command: [String]) throws {
        let directory = try Fixtures.scratchDirectory()
        defer {
            chmod(directory + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/flap-short.jsonl", toPath: directory + "/a.jsonl")
        try FileManager.default.createDirectory(atPath: directory + "/locked", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/flap-short.jsonl", toPath: directory + "/locked/b.jsonl")
        // nobody writes goldens and partials nowhere: the scratch folder is the test's (root's).
        chmod(Fixtures.scratchRoot, 0o755)
        chmod(directory, 0o777)
        chmod(directory + "/locked", 0)
        let run = try Fixtures.run(command + [directory], user: getuid() == 0 ? 65534 : nil)
        #expect(run.status == 66, "\(command): \(run.stderr)")
        #expect(run.stderr.contains("\(directory)/locked: cannot list the directory: permission denied"), "\(command): \(run.stderr)")
    }

    /// A path past PATH_MAX: refused to root too (ENAMETOOLONG).
    @Test("a folder whose path is past PATH_MAX", arguments: commands)
    func pathTooLong(_ command: [String]) throws {
        let directory = try Fixtures.scratchDirectory()
        defer { Self.remove(directory) }
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/flap-short.jsonl", toPath: directory + "/a.jsonl")
        let deep = Self.deepFolder(in: directory)
        let run = try turboReplay(command + [directory])
        #expect(run.status == 66, "\(command): \(run.stderr)")
        #expect(run.stderr.contains("\(deep): cannot list the directory: file name too long"), "\(command): \(run.stderr)")
    }

    @Test("a symbolic link loop given as a path says so")
    func linkLoop() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        symlink(directory + "/loop.jsonl", directory + "/loop.jsonl")
        let run = try turboReplay(["check", directory + "/loop.jsonl"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("loop.jsonl: too many levels of symbolic links"), "\(run.stderr)")
    }

    @Test("a symbolic link loop met in a folder is 66, named, not a link to nothing")
    func linkLoopInAFolder() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Fixtures.recordings + "/chromium/flap-short.jsonl", toPath: directory + "/a.jsonl")
        symlink(directory + "/loop.jsonl", directory + "/loop.jsonl")
        let run = try turboReplay(["stats", directory])
        #expect(run.status == 66)
        #expect(run.stderr.contains("\(directory)/loop.jsonl: too many levels of symbolic links"), "\(run.stderr)")
    }

    /// Folders of 200-letter names nested until the path is past PATH_MAX (made a step at a
    /// time through descriptors, as no single path could name it, and the process's working
    /// directory is every test's); the first path the system refuses.
    static func deepFolder(in directory: String) -> String {
        let name = String(repeating: "d", count: 200)
        var fd = open(directory, O_RDONLY | O_DIRECTORY)
        var path = directory
        var refused: String?
        while path.utf8.count < Int(PATH_MAX) + 400 {
            mkdirat(fd, name, 0o755)
            let inner = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = inner
            path += "/" + name
            if refused == nil, path.utf8.count >= Int(PATH_MAX) { refused = path }
        }
        close(fd)
        return refused!
    }

    /// `rm -rf`, which removes what is past PATH_MAX.
    static func remove(_ directory: String) {
        _ = try? Fixtures.run(command: "rm", ["-rf", directory])
    }
}
