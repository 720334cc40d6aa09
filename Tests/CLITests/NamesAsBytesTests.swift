import Foundation
import Testing

@testable import TestSupport

/// File names are bytes from `argv` and `readdir` to `open` (issue #47, items 13 and 14): a name
/// that is not UTF-8 opens; two such names, or `café` composed and decomposed (two files on
/// Linux), are two logs; every name is shown escaped, `\xHH` for a byte that is not shown as
/// text and `\\` for a backslash, in text and in JSON.
@Suite("names are bytes")
struct NamesAsBytesTests {
    static let recording = """
        {"t":0,"type":"connect"}
        {"t":100,"type":"offline"}
        {"t":2000,"type":"online"}

        """

    /// The five names (bytes) and how the tool shows each.
    static let names: [(bytes: [UInt8], shown: String)] = [
        ([0xFF] + Array(".jsonl".utf8), #"\xFF.jsonl"#),
        ([0xFE] + Array(".jsonl".utf8), #"\xFE.jsonl"#),
        (Array(#"a\b.jsonl"#.utf8), #"a\\b.jsonl"#),
        (Array("caf\u{E9}.jsonl".utf8), "café.jsonl"),
        (Array("cafe\u{301}.jsonl".utf8), #"cafe\xCC\x81.jsonl"#),
    ]

    static func folder() throws -> String {
        let directory = try Fixtures.scratchDirectory()
        for name in names { try Fixtures.create(in: directory, name: name.bytes, contents: recording) }
        return directory
    }

    @Test("a folder of five such names is five logs to every fleet command")
    func fleetCommandsCountEveryName() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stats = try turboReplay(["stats", directory])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("logs: 5 read, 0 malformed, 0 unreadable\n"), "\(stats.stdout)")
        let tune = try turboReplay(["tune", directory])
        #expect(tune.stdout.hasPrefix("tune: 5 recordings;"), "\(tune.stdout)")

        // Each shown escaped, in JSON as the text it is (its backslashes escaped by JSON).
        let whatif = try turboReplay(["whatif", "--variant", "recover-on-response", "--format", "jsonl", directory])
        #expect(whatif.status == 0, "\(whatif.stderr)")
        let shown = whatif.stdout.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["recording"] as? String
        }
        #expect(shown.sorted() == Self.names.map { directory + "/" + $0.shown }.sorted(), "\(whatif.stdout)")
    }

    @Test("a name that is not UTF-8 given as an argument opens, and composed and decomposed café are two logs")
    func argumentsAreBytes() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = Array(directory.utf8) + [UInt8(ascii: "/")]
        let replay = try InProcess.run([Array("replay".utf8), folder + Self.names[0].bytes])
        #expect(replay.status == 0, "\(String(decoding: replay.stderr, as: UTF8.self))")
        #expect(String(decoding: replay.stdout, as: UTF8.self).contains("offline"))

        let stats = try InProcess.run([Array("stats".utf8), folder + Self.names[3].bytes, folder + Self.names[4].bytes])
        #expect(String(decoding: stats.stdout, as: UTF8.self).hasPrefix("logs: 2 read, 0 malformed, 0 unreadable\n"))

        // An error names the file as it is shown, never as a repaired name that is another file.
        let missing = try InProcess.run([Array("replay".utf8), folder + [0xFD] + Array(".jsonl".utf8)])
        #expect(missing.status == 66)
        #expect(String(decoding: missing.stderr, as: UTF8.self).contains(directory + #"/\xFD.jsonl: cannot open"#))
    }

    @Test("check --update writes each golden under its recording's own bytes")
    func goldensKeepTheirRecordingsBytes() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let update = try turboReplay(["check", "--update", directory])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.hasSuffix("5 passed, 0 failed\n"), "\(update.stdout)")
        let expected = Self.names.map { Array($0.bytes.dropLast(".jsonl".utf8.count)) + Array(".expected.jsonl".utf8) }
        let written = try FileManager.default.contentsOfDirectoryAtPathBytes(directory).filter {
            $0.count > 15 && Array($0.suffix(15)) == Array(".expected.jsonl".utf8)
        }
        #expect(Set(written) == Set(expected))
        let check = try turboReplay(["check", directory])
        #expect(check.status == 0 && check.stdout.hasSuffix("5 passed, 0 failed\n"), "\(check.stdout)")
    }

    @Test("a listing on standard input names logs by their bytes too")
    func listedNamesAreBytes() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Bytes that are not UTF-8 (0xFF, 0xFE), which String cannot hold.
        let listing = [[0xFF], [0xFE], Array("cafe\u{301}".utf8)].flatMap { Array(directory.utf8) + [UInt8(ascii: "/")] + $0 + Array(".jsonl\n".utf8) }
        let listed = try InProcess.run([Array("stats".utf8), Array("--partial".utf8), Array("-".utf8)], input: listing, combined: true)
        let run = (status: listed.status, output: String(decoding: listed.stdout, as: UTF8.self))
        #expect(run.status == 0, "\(run.output)")
        for shown in [#"\\xFF.jsonl""#, #"\\xFE.jsonl""#, #"cafe\\xCC\\x81.jsonl""#] {
            #expect(run.output.contains(#""path":""# + directory + "/" + shown), "\(shown): \(run.output)")
        }
        #expect(run.output.contains(#"{"trailer":"turbo-replay stats partial","lines":5,"logs":3}"#), "\(run.output)")
    }
}
