import Foundation
import Testing

@testable import Fleet

/// Which logs a fleet command reads: each log once, under its first spelling, and a listing's
/// lines without blanks, goldens and configs.
@Suite("FleetLogs")
struct FleetLogsTests {
    @Test("two spellings of one log, and a link to it, are read once, as first given; order is kept")
    func unique() throws {
        let logs = try ScratchLogs()
        let a = try logs.write("a.jsonl", ["{}"])
        let b = try logs.write("b.jsonl", ["{}"])
        try FileManager.default.createSymbolicLink(atPath: logs.directory + "/link.jsonl", withDestinationPath: a)
        let input = [
            logs.directory + "//./b.jsonl", a, b, logs.directory + "/link.jsonl",
            logs.directory + "/../" + URL(fileURLWithPath: logs.directory).lastPathComponent + "/a.jsonl",
        ]
        #expect(FleetLogs.unique(input) == [logs.directory + "//./b.jsonl", a])
    }

    @Test("paths that do not exist are kept, each spelling once, to fail as they would")
    func missing() {
        #expect(FleetLogs.unique([]) == [])
        #expect(FleetLogs.unique(["/nope/x.jsonl", "/nope/x.jsonl", "/nope//x.jsonl"]) == ["/nope/x.jsonl", "/nope//x.jsonl"])
    }

    @Test("a listing: trimmed lines, without blanks, goldens or configs")
    func listed() {
        let lines = ["  a.jsonl ", "", "   ", "a.expected.jsonl", "a.config.json", "b.native.jsonl", "c.launch.expected.jsonl"]
        #expect(FleetLogs.paths(listed: lines) == ["a.jsonl", "b.native.jsonl"])
    }
}

/// A fleet command's listing in key order, held on disk past its budget (issue #47, item 9).
@Suite("FleetLogs listing")
struct FleetLogsListingTests {
    @Test("each log once under its first spelling, in key order: the real path as a partial spells it")
    func keyOrder() throws {
        let logs = try ScratchLogs()
        let names = ["b\tx.jsonl", "bAx.jsonl", "a.jsonl", "b\\x.jsonl"]
        let paths = try names.map { try logs.write($0, ["{}"]) }
        try FileManager.default.createSymbolicLink(atPath: logs.directory + "/link.jsonl", withDestinationPath: paths[2])
        let listing = try FleetLogs.listing([logs.directory + "/link.jsonl"] + paths + [logs.directory + "//./a.jsonl"])
        let listed = try listing.all()
        #expect(listed.count == 4 && listing.count == 4)
        // The link was given first: it stands for a.jsonl.
        #expect(listed.contains(logs.directory + "/link.jsonl") && !listed.contains(paths[2]))
        let keys = listed.map { PartialFrame.key(real: PartialFrame.realPath($0)) }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        // A tab is escaped as \t: its key sorts after A's and after the backslash's, not before.
        #expect(listed.last == paths[0])
    }
}
