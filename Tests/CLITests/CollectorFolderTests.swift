import Foundation
import Testing

@testable import TestSupport

/// A collector's folder is read as one log wherever a log file is (docs/app-session.md, "A
/// collector's folder"): a page's batches in seq order with repeated lines dropped, an app's
/// parts in order; a hole is the warning `log-gap` and the rest is still read; two copies of a
/// seq that differ, or a manifest that disagrees with its parts, are errors naming the files.
@Suite("turbo-replay reads a collector's folder as one log")
struct CollectorFolderTests {
    static let web = "recordings/session/causes.jsonl"
    static let native = "recordings/session/causes.native.jsonl"

    /// A file holding `lines`, for the reading of a folder to be held to.
    private func file(_ lines: [String], in root: String, named name: String) throws -> String {
        let path = root + "/" + name
        try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("batches that repeat and overlap read as the recording itself, by every command that reads a page's log")
    func repeatedBatches() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.web)
        #expect(lines.count == 11)
        // Seq 1-4, 3-7 (overlapping), 5-9 again, 8-11, and 10-11 a second time (a retried beacon).
        let folder = try CollectorFixtures.web(
            root, id: "tab-1",
            [(1, Array(lines[0..<4])), (3, Array(lines[2..<7])), (5, Array(lines[4..<9])), (8, Array(lines[7...]))])
        try CollectorFixtures.web(root, id: "tab-1", [(10, Array(lines[9...]))])
        let whole = Fixtures.root.path + "/" + Self.web
        for arguments in [["replay", "--format", "jsonl"], ["explain", "--format", "jsonl"], ["explain"], ["render", "-o", "-"]] {
            let fromFolder = try turboReplay(arguments + [folder])
            let fromFile = try turboReplay(arguments + [whole])
            #expect(fromFolder.status == fromFile.status, "\(arguments)")
            #expect(fromFolder.stderr == "", "\(arguments)")
            #expect(fromFolder.stdout == fromFile.stdout.replacingOccurrences(of: whole, with: folder), "\(arguments)")
        }
    }

    @Test("a missing seq range is log-gap with its range; the lines around it are read as a log without them")
    func webGap() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.web)
        let folder = try CollectorFixtures.web(root, id: "tab-2", [(1, Array(lines[0..<4])), (7, Array(lines[6...]))])
        let without = try file(Array(lines[0..<4] + lines[6...]), in: root, named: "without.jsonl")
        let replay = try turboReplay(["replay", "--format", "jsonl", folder])
        #expect(replay.status == 0)
        #expect(replay.stdout == (try turboReplay(["replay", "--format", "jsonl", without])).stdout)
        let message =
            "seq 5-6 missing (2 lines): the collector holds no batch with them; "
            + "the lines before and after were read, and what the page did in between is unknown"
        #expect(replay.stderr == "turbo-replay: note: \(folder): log-gap (warning) before \(folder)/000000000007.jsonl: \(message)\n")
        let explain = try turboReplay(["explain", "--format", "jsonl", folder])
        #expect(explain.status == 1)  // a warning, as --fail-on's default counts it
        let found = explain.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"finding":"log-gap""#) }
        #expect(
            found == [
                #"{"finding":"log-gap","level":"warning","seq":{"from":5,"to":6},"before":"\#(folder)/000000000007.jsonl","message":"\#(message)"}"#
            ])
        #expect(explain.stdout.contains(#""findings":{"reload-offline":1,"log-gap":1},"levels":{"warning":2,"info":0}"#))
        // A recording with no finding of its own: the gap alone makes explain's status 1.
        let quiet = try CollectorFixtures.lines("recordings/chromium/airplane-mid-session.jsonl")
        let holed = try CollectorFixtures.web(root, id: "quiet", [(1, Array(quiet[0..<2])), (4, Array(quiet[3...]))])
        #expect(try turboReplay(["explain", Fixtures.root.path + "/recordings/chromium/airplane-mid-session.jsonl"]).status == 0)
        #expect(try turboReplay(["explain", holed]).status == 1)
        #expect(try turboReplay(["explain", "--fail-on", "never", holed]).status == 0)
        // Seq 1 is the meta: a folder without it starts with a gap too.
        let late = try CollectorFixtures.web(root, id: "tab-3", [(3, Array(lines[2...]))])
        #expect(try turboReplay(["replay", late]).stderr.contains("seq 1-2 missing"))
    }

    @Test("a seq held twice with other bytes: 65 naming both parts and lines, never either copy read silently")
    func conflictingSeq() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.web)
        var changed = Array(lines[2..<7])
        changed[1] = changed[1].replacingOccurrences(of: #""t":"#, with: #""t": "#)
        let folder = try CollectorFixtures.web(root, id: "tab-4", [(1, Array(lines[0..<4])), (3, changed), (8, Array(lines[7...]))])
        for arguments in [["replay"], ["replay", "--lenient"], ["explain"]] {
            let run = try turboReplay(arguments + [folder])
            #expect(run.status == 65, "\(arguments)")
            #expect(
                run.stderr.contains(
                    "\(folder)/000000000003.jsonl:2: seq 4 is held twice with different bytes: this line, and line 4 of \(folder)/000000000001.jsonl"
                ), "\(arguments)")
        }
    }

    @Test("a malformed line is named by its part file and its line there; --lenient skips it as in a file")
    func malformedLineInPart() throws {
        let root = try Fixtures.scratchDirectory()
        var lines = try CollectorFixtures.lines(Self.web)
        lines[5] = "{not json"
        let folder = try CollectorFixtures.web(root, id: "tab-5", CollectorFixtures.batches(lines, cutAfter: [4, 4]))
        let strict = try turboReplay(["replay", folder])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("\(folder)/000000000005.jsonl:2: "))
        let lenient = try turboReplay(["replay", "--lenient", "--format", "jsonl", folder])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("\(folder)/000000000005.jsonl:2: "))
        let dropped = try file(lines.enumerated().filter { $0.offset != 5 }.map(\.element), in: root, named: "dropped.jsonl")
        #expect(lenient.stdout == (try turboReplay(["replay", "--format", "jsonl", dropped])).stdout)
    }

    @Test("an app's parts read as its log; a missing part is log-gap naming it, and the others are read")
    func nativeParts() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.native)
        let whole = Fixtures.root.path + "/" + Self.native
        let folder = try CollectorFixtures.native(root, id: "log-a", [Array(lines[0..<3]), Array(lines[3..<5]), Array(lines[5...])])
        for arguments in [["native", "--format", "jsonl"], ["explain", "--format", "jsonl"], ["launch", "--format", "jsonl"]] {
            let fromFolder = try turboReplay(arguments + [folder])
            let fromFile = try turboReplay(arguments + [whole])
            #expect(fromFolder.status == fromFile.status, "\(arguments)")
            #expect(fromFolder.stdout == fromFile.stdout.replacingOccurrences(of: whole, with: folder), "\(arguments)")
        }
        let holed = try CollectorFixtures.native(root, id: "log-b", [Array(lines[0..<3]), nil, Array(lines[5...]), nil])
        let without = try file(Array(lines[0..<3] + lines[5...]), in: root, named: "without.native.jsonl")
        let native = try turboReplay(["native", "--format", "jsonl", holed])
        #expect(native.status == 0)
        #expect(native.stdout == (try turboReplay(["native", "--format", "jsonl", without])).stdout)
        #expect(
            native.stderr.split(separator: "\n") == [
                "turbo-replay: note: \(holed): log-gap (warning) before \(holed)/000002.part: part 1 of 4 missing: the app's log never arrived whole at the collector; the parts before and after were read, and what the app did in between is unknown",
                "turbo-replay: note: \(holed): log-gap (warning) at the end: part 3 of 4 missing: the app's log never arrived whole at the collector; the parts before and after were read, and what the app did in between is unknown",
            ])
        let explain = try turboReplay(["explain", "--format", "jsonl", holed])
        #expect(explain.status == 1)
        #expect(explain.stdout.contains(#"{"finding":"log-gap","level":"warning","parts":{"from":1,"to":1},"of":4,"before":"\#(holed)/000002.part","#))
    }

    @Test("a part beyond its manifest's count, a manifest that is not one, a folder of both kinds: 65; an empty folder: 66")
    func badFolders() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.native)
        let mixed = try CollectorFixtures.native(root, id: "log-c", [Array(lines[0..<3]), Array(lines[3...])], manifestParts: 1)
        let run = try turboReplay(["native", mixed])
        #expect(run.status == 65)
        #expect(run.stderr.contains(#"\#(mixed)/000001.part: part 1 of a log whose manifest.json says "parts":1"#))
        let broken = try CollectorFixtures.native(root, id: "log-d", [lines])
        try "{\"parts\":0}".write(toFile: broken + "/manifest.json", atomically: false, encoding: .utf8)
        let manifest = try turboReplay(["native", broken])
        #expect(manifest.status == 65)
        #expect(manifest.stderr.contains("\(broken)/manifest.json: \"parts\" must be an integer of at least 1"))
        let both = try CollectorFixtures.native(root, id: "log-e", [lines])
        try CollectorFixtures.web(root + "/x", id: "y", [(1, ["{}"])])
        try FileManager.default.copyItem(atPath: root + "/x/web/y/000000000001.jsonl", toPath: both + "/000000000001.jsonl")
        #expect(try turboReplay(["explain", both]).status == 65)
        // A part with no line at all is a log with no record, as an empty file is.
        let blank = try CollectorFixtures.web(root, id: "blank", [(1, [])])
        let file = root + "/blank.jsonl"
        try "".write(toFile: file, atomically: false, encoding: .utf8)
        let fromBlank = try turboReplay(["explain", "--format", "jsonl", blank])
        let fromFile = try turboReplay(["explain", "--format", "jsonl", file])
        #expect(fromBlank.status == fromFile.status)
        #expect(fromBlank.stdout == fromFile.stdout)
        #expect(fromBlank.stderr == "")
        // An app's log without its first part is still an app's log (its names say so), not a page's.
        let headless = try CollectorFixtures.native(root, id: "log-f", [nil, Array(lines[3...])])
        let noMeta = try turboReplay(["explain", headless])
        #expect(noMeta.status == 65)
        #expect(noMeta.stderr.contains("\(headless)/000001.part:1: missing \"meta\""))
        let empty = root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let nothing = try turboReplay(["replay", empty])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("\(empty): a folder with no log in it"))
    }

    @Test("stats over a collector's folder reads each log folder as one log; a folder of recordings under web/ is walked as ever")
    func statsOverCollector() throws {
        let root = try Fixtures.scratchDirectory()
        let lines = try CollectorFixtures.lines(Self.web)
        let folder = try CollectorFixtures.web(root, id: "tab-6", [(1, Array(lines[0..<4])), (3, Array(lines[2...]))])
        let plain = root + "/plain"
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        let file = try self.file(lines, in: plain, named: "tab-6.jsonl")
        let fromCollector = try turboReplay(["stats", root + "/web"])
        let fromFile = try turboReplay(["stats", plain])
        #expect(fromCollector.status == 0)
        #expect(fromCollector.stdout.contains("logs: 1 read"))
        #expect(fromCollector.stdout == fromFile.stdout.replacingOccurrences(of: file, with: folder))
        #expect(try turboReplay(["stats", folder]).stdout == fromCollector.stdout)
        // Recordings that sit in a folder called web are recordings, each read alone.
        let corpus = try Fixtures.scratchDirectory() + "/web/day-1"
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file, toPath: corpus + "/a.jsonl")
        try FileManager.default.copyItem(atPath: file, toPath: corpus + "/b.jsonl")
        #expect(try turboReplay(["stats", corpus]).stdout.contains("logs: 2 read"))
    }

    // MARK: - session --collector

    /// A collector holding the causes pair as session `tab-7f3a`: the page's batches, its app
    /// log (with the web-session record the bridge reports), and another app's log.
    private func collector() throws -> (root: String, web: String, native: String) {
        let root = try Fixtures.scratchDirectory()
        var web = try CollectorFixtures.lines(Self.web)
        web[0] = String(web[0].dropLast()) + #","session":"tab-7f3a"}"#
        var native = try CollectorFixtures.lines(Self.native)
        native.insert(#"{"t":1000,"type":"web-session","session":"tab-7f3a"}"#, at: 3)
        try CollectorFixtures.web(root, id: "tab-7f3a", CollectorFixtures.batches(web, cutAfter: [3, 5]))
        try CollectorFixtures.native(root, id: "0123456789abcdef0123456789abcdef", [Array(native[0..<4]), Array(native[4..<6]), Array(native[6...])])
        var other = try CollectorFixtures.lines(Self.native)
        other.insert(#"{"t":1000,"type":"web-session","session":"tab-0000"}"#, at: 1)
        try CollectorFixtures.native(root, id: "fedcba9876543210fedcba9876543210", [other])
        return (root, try file(web, in: root, named: "web.jsonl"), try file(native, in: root, named: "native.jsonl"))
    }

    @Test("session --collector reads the page's batches and finds the app log whose web-session names it")
    func sessionFromCollector() throws {
        let logs = try collector()
        let web = logs.root + "/web/tab-7f3a", native = logs.root + "/native/0123456789abcdef0123456789abcdef"
        for format in ["text", "jsonl"] {
            let fromCollector = try turboReplay(["session", "--format", format, "--collector", logs.root, "--session", "tab-7f3a"])
            let fromFiles = try turboReplay(["session", "--format", format, logs.web, logs.native])
            #expect(fromFiles.status == 1)  // the causes pair has findings: the same in both
            #expect(fromCollector.status == fromFiles.status)
            #expect(fromCollector.stderr == "")
            #expect(
                fromCollector.stdout
                    == fromFiles.stdout.replacingOccurrences(of: logs.web, with: web).replacingOccurrences(of: logs.native, with: native))
        }
        // A trailing slash on the folder names the same logs.
        #expect(try turboReplay(["session", "--collector", logs.root + "/", "--session", "tab-7f3a"]).stderr == "")
    }

    @Test("session over folders with holes: each log-gap noted, the session still read")
    func sessionGaps() throws {
        let logs = try collector()
        let web = logs.root + "/web/tab-7f3a"
        try FileManager.default.removeItem(atPath: web + "/000000000004.jsonl")
        let native = logs.root + "/native/0123456789abcdef0123456789abcdef"
        try FileManager.default.removeItem(atPath: native + "/000001.part")
        let run = try turboReplay(["session", "--collector", logs.root, "--session", "tab-7f3a"])
        // The session's own findings decide its status, as for each log's own (the layers').
        #expect(run.status == 0)
        #expect(run.stdout.contains("session \(web) \(native)") || run.stdout.contains(web))
        #expect(
            run.stderr.split(separator: "\n") == [
                "turbo-replay: note: \(web): log-gap (warning) before \(web)/000000000009.jsonl: seq 4-8 missing (5 lines): the collector holds no batch with them; the lines before and after were read, and what the page did in between is unknown",
                "turbo-replay: note: \(native): log-gap (warning) before \(native)/000002.part: part 1 of 3 missing: the app's log never arrived whole at the collector; the parts before and after were read, and what the app did in between is unknown",
            ])
    }

    @Test("session --collector: no app log naming the session is 66, two are 65 naming both, each saying what to type instead")
    func sessionCandidates() throws {
        let logs = try collector()
        try CollectorFixtures.web(logs.root, id: "tab-0001", [(1, ["{\"type\":\"meta\",\"version\":1}"])])
        let none = try turboReplay(["session", "--collector", logs.root, "--session", "tab-0001"])
        #expect(none.status == 66)
        #expect(
            none.stderr.contains(
                "\(logs.root)/native: none of its 2 app logs has a web-session record naming tab-0001")
                && none.stderr.contains("turbo-replay session \(logs.root)/web/tab-0001 NATIVE"))
        let missing = try turboReplay(["session", "--collector", logs.root, "--session", "tab-9999"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no recording of page session tab-9999"))
        var twice = try CollectorFixtures.lines(Self.native)
        twice.insert(#"{"t":1000,"type":"web-session","session":"tab-7f3a"}"#, at: 1)
        try CollectorFixtures.native(logs.root, id: "second", [twice])
        let several = try turboReplay(["session", "--collector", logs.root, "--session", "tab-7f3a"])
        #expect(several.status == 65)
        #expect(
            several.stderr.contains(
                "2 app logs have a web-session record naming tab-7f3a: \(logs.root)/native/0123456789abcdef0123456789abcdef, \(logs.root)/native/second"
            ))
    }

    @Test("session --collector without --session, with two logs beside it, or with an id a collector refuses: 64")
    func sessionUsage() throws {
        let logs = try collector()
        let cases: [([String], String)] = [
            (["--collector", logs.root], "--session ID"),
            (["--session", "tab-7f3a"], "--collector ROOT --session tab-7f3a"),
            (["--collector", logs.root, "--session", "tab-7f3a", logs.web, logs.native], "give no WEB NATIVE"),
            (["--collector", logs.root, "--session", "../web"], "got '../web'"),
        ]
        for (arguments, says) in cases {
            let run = try turboReplay(["session"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(says), "\(arguments)")
        }
    }
}
