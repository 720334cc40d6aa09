import ArchiveCachePolicy
import Foundation
import Goldens
import Replay
import Testing
import TurboRecording

@testable import TestSupport

private let archiveRecordings = packageRoot + "/recordings/archive"

@Suite("Archive goldens")
struct ArchiveGoldenTests {
    static func names() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: archiveRecordings)
        return try Fixtures.nonEmpty(
            files.filter { RecordingFiles.isRecording($0) }.map { String($0.dropLast(".jsonl".count)) }.sorted(),
            "archive recordings")
    }

    @Test("there is a recording for every rule and key case the issue lists, and a near miss for each finding")
    func coverage() throws {
        #expect(
            Set(try Self.names()).isSuperset(of: [
                "contract-example", "key-case-fragment", "key-flags", "key-not-http", "finish-with-url-change", "quick-navigations",
                "due-at-record", "relaunch-cancels-capture", "clear-and-remove", "server-and-401", "custom-settings", "android-refused",
                "offline-miss", "offline-miss-absent", "not-intercepted", "not-intercepted-absent", "stale-archive", "stale-archive-absent",
            ]))
    }

    @Test(
        "each iOS recording is checked against the error view's golden and the archive's, and passes",
        arguments: try names().filter { $0 != "android-refused" })
    func bothGoldens(_ name: String) {
        let checks = GoldenCase(recording: "\(archiveRecordings)/\(name).jsonl").check()
        let goldens = checks.map { ($0.golden as NSString).lastPathComponent }
        // A recording with a `launch` also has the launch's golden, and another policy's may follow.
        #expect(goldens.first == "\(name).expected.jsonl")
        #expect(goldens.contains("\(name).archive.expected.jsonl"))
        #expect(checks.allSatisfy { $0.result == .passed })
    }

    @Test("the cache does not apply to an Android recording: no archive golden is asked for")
    func android() throws {
        let checks = GoldenCase(recording: "\(archiveRecordings)/android-refused.jsonl").check()
        #expect(checks.map(\.result) == [.passed])
        #expect(try archiveTimeline(path: "\(archiveRecordings)/android-refused.jsonl") == nil)
    }

    @Test(
        "an archive golden beside an Android recording fails the check, empty or not, and --update leaves it for a person to delete",
        arguments: ["", #"{"t":5,"type":"served"}"# + "\n"])
    func goldenOfAPolicyThatDoesNotApply(_ golden: String) throws {
        let recording = try Fixtures.file(
            try String(contentsOfFile: "\(archiveRecordings)/android-refused.jsonl", encoding: .utf8), name: "android.jsonl")
        let stem = String(recording.dropLast(".jsonl".count))
        try FileManager.default.copyItem(atPath: "\(archiveRecordings)/android-refused.expected.jsonl", toPath: stem + ".expected.jsonl")
        try golden.write(toFile: stem + ".archive.expected.jsonl", atomically: false, encoding: .utf8)
        for update in [false, true] {
            let checks = GoldenCase(recording: recording).check(update: update)
            #expect(checks.map(\.golden) == [stem + ".expected.jsonl", stem + ".archive.expected.jsonl"])
            #expect(checks.first?.result == .passed)
            #expect(checks.last?.result == .doesNotApply(policy: "the web-archive cache"), "\(checks)")
            #expect(try String(contentsOfFile: stem + ".archive.expected.jsonl", encoding: .utf8) == golden)
        }
    }

    @Test("a non-empty archive timeline without its golden fails the check")
    func missingGolden() throws {
        let recording = try temporaryRecording(
            "fresh.jsonl",
            [
                #"{"type":"meta","version":1,"recording":"native"}"#, #"{"t":5,"type":"finish","url":"https://a.example/"}"#,
            ])
        try Data().write(to: URL(fileURLWithPath: String(recording.dropLast(".jsonl".count)) + ".expected.jsonl"))
        #expect(GoldenCase(recording: recording).check().map(\.result) == [.passed, .missingGolden])
    }

    @Test("the contract's example is reproduced byte for byte")
    func contractExample() throws {
        let bytes = try archiveTimeline(path: "\(archiveRecordings)/contract-example.jsonl")!.map { $0.jsonLine + "\n" }.joined()
        #expect(bytes == (try String(contentsOfFile: "\(archiveRecordings)/contract-example.archive.expected.jsonl", encoding: .utf8)))
    }
}
