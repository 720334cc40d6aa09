import Foundation
import Testing
import TurboRecording

@testable import TestSupport

/// Listing the recordings under paths (issue #20, items 7 and 15): what is not a regular file
/// is skipped with its reason rather than opened (a FIFO or /dev/zero would hang the run), and
/// a log reached by two spellings is listed once.
@Suite struct RecordingFilesTests {
    static func directory() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/a", withIntermediateDirectories: false)
        try #"{"t":1,"type":"offline"}"#.write(toFile: directory + "/a/r.jsonl", atomically: false, encoding: .utf8)
        return directory
    }

    @Test func filesThatAreNotRegularAreSkippedWithAReason() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/a/fifo.jsonl", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory + "/a/zero.jsonl", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: directory + "/a/gone.jsonl", withDestinationPath: directory + "/nothing")
        // Not a recording's name: neither listed nor reported.
        #expect(mkfifo(directory + "/a/fifo.txt", 0o644) == 0)

        let listing = try RecordingFiles.list(in: [directory + "/a"])
        #expect(listing.recordings == [directory + "/a/r.jsonl"])
        #expect(
            listing.skipped.map(\.description) == [
                directory + "/a/fifo.jsonl: skipped: not a regular file (a FIFO)",
                directory + "/a/gone.jsonl: skipped: a symbolic link to nothing",
                directory + "/a/zero.jsonl: skipped: not a regular file (a character device)",
            ])
        #expect(try RecordingFiles.find(in: [directory + "/a"]) == [directory + "/a/r.jsonl"])
    }

    @Test func aLogReachedTwiceIsListedOnce() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: directory + "/a")
        try FileManager.default.createSymbolicLink(atPath: directory + "/a/same.jsonl", withDestinationPath: "r.jsonl")
        let a = directory + "/a"
        try "".write(toFile: a + "/r.expected.jsonl", atomically: false, encoding: .utf8)
        let spellings = [a, directory + "/./a", a + "//", directory + "/link", a + "/r.jsonl", a + "/r.expected.jsonl"]
        let listing = try RecordingFiles.list(in: spellings)
        #expect(listing.recordings == [a + "/r.jsonl"])
        #expect(listing.skipped.isEmpty)
        #expect(RecordingFiles.identity(of: directory + "/link/same.jsonl") == RecordingFiles.identity(of: a + "/r.jsonl"))
        #expect(RecordingFiles.identity(of: directory + "/nothing") == nil)
        // The first spelling given is the one kept.
        #expect(try RecordingFiles.find(in: [directory + "/link", a]) == [directory + "/link/r.jsonl"])
    }

    /// A walk names what it finds by the directory's real path and the names under it, with no
    /// realpath for each file: what it finds deep down, and through a link to the directory
    /// walked, must still be the log that its own path names.
    @Test func aLogFoundByAWalkIsTheLogItsPathNames() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let deep = directory + "/a/b/c"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try #"{"t":1,"type":"offline"}"#.write(toFile: deep + "/d.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: directory + "/a/b")
        let listing = try RecordingFiles.list(in: [deep + "/d.jsonl", directory + "/link", directory + "/a", directory + "/./a/b/c/"])
        #expect(listing.recordings == [deep + "/d.jsonl", directory + "/a/r.jsonl"].sorted())
        #expect(listing.skipped.isEmpty)
    }

    /// realpath fails on a file whose real path is longer than PATH_MAX, though not on its
    /// directory: the file, walked to and named by the same spelling, is still one log.
    @Test func aLogPastPathMaxWalkedToAndNamedIsListedOnce() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var deep = directory
        while deep.utf8.count < 3900 { deep += "/" + String(repeating: "d", count: 200) }
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let name = String(repeating: "n", count: 240) + ".jsonl"
        try FileManager.default.createSymbolicLink(atPath: directory + "/short", withDestinationPath: deep)
        let file = directory + "/short/" + name
        // Through the link: the file's own path is too long for most calls, the clean-up's too.
        defer { unlink(file) }
        try #"{"t":1,"type":"offline"}"#.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(RecordingFiles.identity(of: directory + "/short") != nil)
        #expect(RecordingFiles.identity(of: file) == nil)
        #expect(try RecordingFiles.find(in: [directory + "/short", file]) == [file])
        #expect(try RecordingFiles.find(in: [file, directory + "/short"]) == [file])
    }
}

/// A listing past its memory budget is sorted on disk (issue #47, item 9): the same files, each
/// once under its first spelling, in the same order, as a listing held in memory.
@Suite struct RecordingListingOnDiskTests {
    /// A folder of many recordings, some in subfolders, names with bytes whose escapes sort
    /// differently, a link to one of them and a hidden one.
    static func folder() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        let names = (0..<400).map { "log\($0 * 7919 % 400).jsonl" } + ["q\"x.jsonl", "b\\x.jsonl", "tab\tx.jsonl", "é.jsonl", ".hidden.jsonl"]
        for (index, name) in names.enumerated() {
            let folder = index % 3 == 0 ? directory + "/sub" : directory
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "{}\n".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.jsonl", withDestinationPath: directory + "/q\"x.jsonl")
        return directory
    }

    @Test("the same listing from disk as from memory, by path and by another key")
    func sameAsInMemory() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // `b\x.jsonl` as the tool keeps a name (`PathBytes`: a backslash is shown doubled).
        let backslashed = directory + "/" + PathBytes.name(Array("b\\x.jsonl".utf8))
        let paths = [directory + "/sub", directory, backslashed]
        // A key that is not the path's order: the bytes reversed.
        let reversed: PathListing.Key = { path, _ in Array(path.utf8.reversed()) }
        for key in [PathListing.byPath, reversed] {
            let inMemory = try RecordingFiles.stream(in: paths, key: key)
            let onDisk = try RecordingFiles.stream(in: paths, key: key, budget: 512)
            #expect(!inMemory.listing.spilled && onDisk.listing.spilled)
            let expected = try inMemory.listing.all()
            #expect(try onDisk.listing.all() == expected)
            #expect(inMemory.listing.count == expected.count)
        }
        let listed = try RecordingFiles.stream(in: paths, budget: 512).listing.all()
        // Each log once, under its first spelling met: the link's name sorts before the name of
        // the file it links to, which is dropped; the hidden one is left out.
        #expect(listed.count == 404)
        #expect(listed.filter { $0.hasSuffix("x.jsonl") && $0.contains("/b\\") } == [backslashed])
        #expect(listed.contains(directory + "/link.jsonl") && !listed.contains(directory + "/q\"x.jsonl"))
        #expect(!listed.contains { $0.contains(".hidden") })
        #expect(listed == listed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test("every file for check, from disk as from memory")
    func filesOnDisk() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inMemory = try RecordingFiles.streamFiles(in: [directory, directory + "/"])
        let onDisk = try RecordingFiles.streamFiles(in: [directory, directory + "/"], budget: 256)
        #expect(onDisk.listing.spilled && !inMemory.listing.spilled)
        #expect(try onDisk.listing.all() == inMemory.listing.all())
    }
}
