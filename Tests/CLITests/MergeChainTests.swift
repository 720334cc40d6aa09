import Foundation
import Testing

@testable import TestSupport

/// Merges chain: `--merge --partial` writes one partial of every log it read, sorted, so a
/// reduce can be a tree. Merging merged partials prints, byte for byte, what merging the
/// originals (and one run over every log) prints; a log in two branches is still found.
@Suite("stats and tune: merges of merges")
struct MergeChainTests {
    /// The recordings dealt into `count` partials written by `command --partial`, plus the
    /// scratch directory they are in.
    static func partials(_ command: [String], count: Int) throws -> (paths: [String], directory: String) {
        let directory = try Fixtures.scratchDirectory()
        var paths: [String] = []
        for (index, part) in try StatsPartialTests.parts(count).enumerated() {
            // The same partials for each case of one command: written once.
            let run = try RunOnce.turboReplay(command + ["--partial", "-"], input: part.joined(separator: "\n") + "\n")
            #expect(run.status == 0, "\(run.stderr)")
            let path = directory + "/part-\(index).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        return (paths, directory)
    }

    @Test(
        "a tree of merges prints what one merge of the originals prints, stderr and status too",
        arguments: [
            (["stats"], [String]()), (["stats"], ["--all"]), (["stats"], ["--format", "json"]),
            (["tune", "--debounce-ms", "300,800"], []), (["tune", "--debounce-ms", "300,800"], ["--format", "jsonl"]),
        ])
    func treeIsExact(_ command: [String], _ options: [String]) throws {
        let (paths, directory) = try Self.partials(command, count: 5)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let flat = try turboReplay([command[0], "--merge"] + options + paths)
        // Two levels: (0 1) and (2 3 4), then (01 + 234) merged again, then merged to the report.
        var level: [String] = []
        for (name, group) in [("a", Array(paths[0..<2])), ("b", Array(paths[2...]))] {
            let run = try turboReplay([command[0], "--merge", "--partial"] + group)
            #expect(run.status == 0, "\(run.stderr)")
            let path = directory + "/merged-\(name).jsonl"
            try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
            level.append(path)
        }
        let top = try turboReplay([command[0], "--merge", "--partial"] + level)
        let topPath = try Fixtures.file(top.stdout, name: "top.jsonl")
        let tree = try turboReplay([command[0], "--merge"] + options + [topPath])
        #expect(tree.stdout == flat.stdout)
        #expect(tree.stderr == flat.stderr)
        #expect(tree.status == flat.status)
        let whole = try turboReplay(command + options + ["recordings"])
        #expect(flat.stdout == whole.stdout)
    }

    @Test("a merged partial's logs come sorted by real path, and a log in two branches is refused naming both places")
    func twinsAcrossBranches() throws {
        let (paths, directory) = try Self.partials(["stats"], count: 3)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let merged = try turboReplay(["stats", "--merge", "--partial"] + paths)
        let keys: [[UInt8]] = merged.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"real":"#) }.map { line in
            Array(line.utf8.prefix { $0 != UInt8(ascii: ",") })
        }
        #expect(keys.count > 100)
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        let mergedPath = try Fixtures.file(merged.stdout, name: "merged.jsonl")
        let twice = try turboReplay(["stats", "--merge", mergedPath, paths[1]])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("is in two partials (first at \(mergedPath):"), "\(twice.stderr)")
        #expect(twice.stderr.contains(paths[1] + ":"), "\(twice.stderr)")
    }
}
