import Foundation
import Testing

@testable import Fleet
@testable import TestSupport

/// `stats`'s report folds each log as it is read (`FleetStats.analyzeInKeyOrder`) instead of
/// holding the fleet's files and sessions until the end: the same logs, sessions and outcomes,
/// in the same key order, so the same sums to the last bit as a merge of partials.
@Suite("stats folds its logs as they are read, in key order")
struct StatsInKeyOrderTests {
    /// A fleet of every kind of log: app sessions (a web recording with its native log beside
    /// it), one whose native log is malformed, a native log alone, a malformed web log, and two
    /// names whose key order is not their byte order (a tab is escaped as `\t`, and `\` sorts
    /// after `A`).
    static func fleet() throws -> [String] {
        let directory = try Fixtures.scratchDirectory()
        let session = Fixtures.recordings + "/session"
        for name in ["airplane", "causes", "example"] {
            try FileManager.default.copyItem(atPath: "\(session)/\(name).jsonl", toPath: "\(directory)/\(name).jsonl")
            try FileManager.default.copyItem(atPath: "\(session)/\(name).native.jsonl", toPath: "\(directory)/\(name).native.jsonl")
        }
        let broken = try String(contentsOfFile: "\(session)/airplane.native.jsonl", encoding: .utf8) + "{not json\n"
        try FileManager.default.copyItem(atPath: "\(session)/airplane.jsonl", toPath: "\(directory)/broken.jsonl")
        try broken.write(toFile: "\(directory)/broken.native.jsonl", atomically: false, encoding: .utf8)
        try FileManager.default.copyItem(atPath: "\(session)/field-report.native.jsonl", toPath: "\(directory)/alone.jsonl")
        try "{\"type\":\"meta\",\"version\":1}\n{\"t\":oops\n".write(toFile: "\(directory)/malformed.jsonl", atomically: false, encoding: .utf8)
        for name in ["b\tx", "bAx"] {
            try FileManager.default.copyItem(atPath: "\(session)/example.jsonl", toPath: "\(directory)/\(name).jsonl")
        }
        return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { "\(directory)/\($0)" }
    }

    /// What the report used to hold before it added anything up: every file, every session,
    /// then both in key order.
    static func held(_ paths: [String], jobs: Int) -> [(file: StatsFile, session: StatsSession?)] {
        var stats = FleetStats.analyze(paths, jobs: jobs)
        stats.sessions = FleetStats.analyzeSessions(paths, files: stats.files, jobs: jobs)
        return stats.keyed.map { ($0.file, $0.session) }
    }

    static func folded(_ paths: [String], jobs: Int) throws -> [(file: StatsFile, session: StatsSession?)] {
        var seen: [(file: StatsFile, session: StatsSession?)] = []
        try FleetStats.analyzeInKeyOrder(FleetLogs.listing(paths), reading: StatsReading(), jobs: jobs) { seen.append(($0, $1)) }
        return seen
    }

    @Test("the same files and sessions, in the same order, as held then sorted", arguments: [1, 3])
    func sameAsHeld(jobs: Int) throws {
        let paths = try Self.fleet()
        let folded = try Self.folded(paths, jobs: jobs), held = Self.held(paths, jobs: 1)
        #expect(folded.map(\.file) == held.map(\.file))
        #expect(folded.map(\.session) == held.map(\.session))
        // Every kind is there: three sessions read, one failed, the lone native log and the
        // malformed web log, and the session-less copies.
        let sessions = folded.compactMap(\.session)
        #expect(sessions.filter { if case .read = $0.outcome { true } else { false } }.count == 3)
        let failed = sessions.filter { if case .failed = $0.outcome { true } else { false } }
        #expect(failed.map { ($0.web as NSString).lastPathComponent } == ["broken.jsonl"])
        #expect(folded.contains { if case .native = $0.file.outcome { true } else { false } })
        #expect(folded.contains { $0.file.outcome.failure != nil })
    }

    @Test("key order is the real path as a partial spells it, not the path's bytes")
    func keyOrder() throws {
        let paths = try Self.fleet()
        let names = try Self.folded(paths, jobs: 1).map { ($0.file.path as NSString).lastPathComponent }
        let tab = try #require(names.firstIndex(of: "b\tx.jsonl")), letter = try #require(names.firstIndex(of: "bAx.jsonl"))
        #expect(letter < tab, "\(names)")
        #expect(paths.firstIndex { $0.hasSuffix("/b\tx.jsonl") }! < paths.firstIndex { $0.hasSuffix("/bAx.jsonl") }!)
    }
}
