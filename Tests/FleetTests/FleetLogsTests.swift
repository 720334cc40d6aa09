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
