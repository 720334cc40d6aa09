import Foundation
import Testing

@testable import TestSupport

/// What `check --update` writes, `check` reads: a served archive's golden line quotes the
/// record's URL and its key, so with a URL near a recording line's limit (1 MiB) the line is
/// longer than any recording line may be. It used to be refused with 65.
@Suite("A golden line longer than a recording line")
struct LongGoldenLineTests {
    @Test func anUpdatedGoldenIsReadBack() throws {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let url = "https://app.example.com/" + String(repeating: "a", count: 700_000)
        let records = [
            #"{"type":"meta","version":1,"recording":"native","platform":"ios"}"#,
            #"{"t":1000,"type":"finish","url":"\#(url)"}"#,
            #"{"t":9000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009},"url":"\#(url)"}"#,
        ]
        try (records.joined(separator: "\n") + "\n").write(toFile: directory + "/long.jsonl", atomically: false, encoding: .utf8)

        let update = try turboReplay(["check", "--update", directory])
        #expect(update.status == 0, "\(update.stderr)")
        let golden = try String(contentsOfFile: directory + "/long.archive.expected.jsonl", encoding: .utf8)
        // The served line quotes the URL and the key: longer than a recording line may be.
        #expect(golden.split(separator: "\n").contains { $0.utf8.count > 1 << 20 }, "\(golden.prefix(300))")

        let check = try turboReplay(["check", directory])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
