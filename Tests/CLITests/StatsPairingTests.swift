import Foundation
import Testing

@testable import TestSupport

/// `stats` pairs a page's recording with the app's log by identity first (the app log's
/// `web-session` names the recording's `meta.session`, wherever both are), by file name only
/// when the app's log names no page; what it cannot pair is reported, never read as one session.
@Suite("stats: pairing a page with the app's log by identity")
struct StatsPairingTests {
    static let web = Fixtures.root.path + "/recordings/session/airplane.jsonl"
    static let native = Fixtures.root.path + "/recordings/session/airplane.native.jsonl"

    /// `source`'s lines with its `meta` given `extra` keys, and the records `after` right after it.
    static func write(_ source: String, to path: String, meta extra: [String: String], after: [String] = []) throws {
        var lines = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let keys = extra.sorted { $0.key < $1.key }.map { ",\"\($0.key)\":\"\($0.value)\"" }.joined()
        lines[0] = String(lines[0].dropLast()) + keys + "}"
        lines.insert(contentsOf: after, at: 1)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func names(_ id: String) -> String { #"{"t":0.5,"type":"web-session","session":"\#(id)"}"# }

    /// A page and the app's log in two folders under other names, an app log naming a page no
    /// log has, a pair by name whose app log names another page, and a pair by name without
    /// identity.
    static func fleet(in directory: String) throws {
        try write(web, to: directory + "/web/page.jsonl", meta: ["session": "tab-a"])
        try write(native, to: directory + "/app/phone.native.jsonl", meta: ["session": "log-1"], after: [names("tab-a")])
        try write(native, to: directory + "/app/orphan.native.jsonl", meta: ["session": "log-2"], after: [names("tab-zzz")])
        try write(web, to: directory + "/mis.jsonl", meta: ["session": "tab-m"])
        try write(native, to: directory + "/mis.native.jsonl", meta: ["session": "log-3"], after: [names("tab-other")])
        try FileManager.default.copyItem(atPath: web, toPath: directory + "/plain.jsonl")
        try FileManager.default.copyItem(atPath: native, toPath: directory + "/plain.native.jsonl")
    }

    @Test("paired by identity across folders and names, by name without identity; the rest reported, counted and listed")
    func pairs() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.fleet(in: directory)
        let run = try turboReplay(["stats", directory])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\napp sessions (NAME.jsonl with NAME.native.jsonl): 2 read, 0 not read\n"), "\(run.stdout)")
        let expected = [
            "not paired (web-session): 2 app logs name no page among the logs, 1 pair by name refused",
            "  app logs whose pages are not among the logs:",
            "    \(directory)/app/orphan.native.jsonl: its web-session names \"tab-zzz\": no recording among the logs has that session",
            "    \(directory)/mis.native.jsonl: its web-session names \"tab-other\": no recording among the logs has that session",
            "  NAME.jsonl beside a NAME.native.jsonl that names other pages:",
            "    \(directory)/mis.jsonl: \(directory)/mis.native.jsonl's web-session names \"tab-other\"; this recording's session is \"tab-m\": not one app session",
        ]
        #expect(run.stdout.contains("\n" + expected.joined(separator: "\n") + "\n"), "\(run.stdout)")
        // The rows say which log each page was read with, and why the others were not.
        let elsewhere = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let rows = elsewhere + "/rows.jsonl"
        #expect(try turboReplay(["stats", "--per-log", rows, directory]).status == 0)
        let objects = try String(contentsOfFile: rows, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let byPath = Dictionary(uniqueKeysWithValues: objects.map { ($0["path"] as! String, $0) })
        #expect(byPath[directory + "/web/page.jsonl"]?["session_native"] as? String == directory + "/app/phone.native.jsonl")
        #expect(byPath[directory + "/plain.jsonl"]?["session_native"] as? String == directory + "/plain.native.jsonl")
        #expect(byPath[directory + "/mis.jsonl"]?["session_native"] is NSNull)
        #expect((byPath[directory + "/mis.jsonl"]?["not_paired"] as? String)?.hasSuffix("not one app session") == true)
        #expect(byPath[directory + "/app/phone.native.jsonl"]?["web_session"] as? String == "tab-a")
        let json = try turboReplay(["stats", "--format", "json", directory])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let pairing = try #require(object["pairing"] as? [String: Any])
        #expect((pairing["unpaired"] as? [String: Any])?["count"] as? Int == 2)
        #expect((pairing["refused"] as? [String: Any])?["count"] as? Int == 1)
    }

    @Test("what could not be paired rides on the logs' lines of a partial: the merge reports it as one run does")
    func partials() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.fleet(in: directory)
        let all = try turboReplay(["stats", directory])
        let part = try turboReplay(["stats", "--partial", directory])
        #expect(part.stdout.contains(#""pairRefused":"#) && part.stdout.contains(#""unpaired":"#))
        let elsewhere = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let path = elsewhere + "/fleet.partial"
        try part.stdout.write(toFile: path, atomically: false, encoding: .utf8)
        let merged = try turboReplay(["stats", "--merge", path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == all.stdout)
    }

    @Test("a fleet without identity reads and prints as before: pairs by name, no pairing section")
    func withoutIdentity() throws {
        let run = try turboReplay(["stats", "recordings/session"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("not paired"))
        #expect(run.stdout.contains("\napp sessions (NAME.jsonl with NAME.native.jsonl): 4 read, 0 not read\n"), "\(run.stdout)")
    }
}
