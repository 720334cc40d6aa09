import Foundation
import Testing

@testable import TestSupport

/// `archive` classifies a failure as the error view does, with the same code lists (the native
/// config's `offlineCodes`, docs/native-error-view.md, "The code lists are settings"): its
/// "offline error views" total is the error view's offline views on the same log and config.
@Suite("archive reads the error view's offlineCodes")
struct ArchiveOfflineCodesTests {
    /// −1004 is a server view by default and offline under the config; −1001 the other way
    /// round; −1009 offline under both.
    static let log = """
        {"type":"meta","version":1,"recording":"native","platform":"ios"}
        {"t":0,"type":"path","online":false}
        {"t":100,"type":"finish","url":"https://app.example.com/a"}
        {"t":1000,"type":"presented","surface":"tab:home","url":"https://app.example.com/a","error":{"kind":"web","code":-1004}}
        {"t":1100,"type":"presented","surface":"tab:home","url":"https://app.example.com/a","error":{"kind":"web","code":-1001}}
        {"t":1200,"type":"presented","surface":"tab:home","url":"https://app.example.com/b","error":{"kind":"web","code":-1009}}
        {"t":1300,"type":"presented","surface":"sheet","url":"https://app.example.com/a","error":{"kind":"web","code":-1004}}

        """

    /// The error view's offline views: its `view` decisions that say `offline`.
    private func errorViewOffline(_ arguments: [String]) throws -> Int {
        let run = try turboReplay(["native", "--format", "jsonl"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").filter { $0.contains(#""view":"offline""#) }.count
    }

    /// The archive's "offline error views: N".
    private func archiveOffline(_ arguments: [String]) throws -> Int? {
        let run = try turboReplay(["archive", "--summary"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("offline error views: ") }
        return line.flatMap { Int($0.dropFirst("offline error views: ".count).prefix { $0.isNumber }) }
    }

    @Test(
        "the same total as the error view, with the default lists and with a config that replaces iOS's",
        arguments: [nil, #"{"offlineCodes": {"ios": [-1009, -1004]}}"#])
    func sameTotal(_ config: String?) throws {
        let path = try Fixtures.file(Self.log, name: "codes.jsonl")
        let options = try config.map { ["--config", try Fixtures.file($0, name: "codes.config.json")] } ?? []
        let errorView = try errorViewOffline(options + [path])
        #expect(try archiveOffline(options + [path]) == errorView)
        #expect(errorView == (config == nil ? 2 : 3))
    }

    @Test("under the config a −1004 is offline: passed (the cache held the page), and −1001 is no longer the cache's")
    func passedFollowsTheLists() throws {
        let path = try Fixtures.file(Self.log, name: "codes.jsonl")
        let config = try Fixtures.file(#"{"offlineCodes": {"ios": [-1009, -1004]}}"#, name: "codes.config.json")
        let run = try turboReplay(["archive", "--format", "jsonl", "--config", config, path])
        let passed = run.stdout.split(separator: "\n").filter { $0.contains(#""passed""#) }
        #expect(passed.count == 2)
        #expect(!run.stdout.contains("-1001"))
    }
}
