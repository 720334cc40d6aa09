import AppSession
import Foundation
import NativeErrorPolicy
import OfflineBanner
import Replay
import Testing

/// app-session.md's worked example, byte for byte: from the files in recordings/session/
/// through the driver the CLI calls, and from the same records inline through the core.
@Suite("The contract's example")
struct ExampleTests {
    static let directory = Repository.root + "/recordings/session"

    static var expected: String {
        get throws { try String(contentsOfFile: directory + "/example.session.expected.jsonl", encoding: .utf8) }
    }

    @Test("the driver prints the contract's merged timeline, no finding, and the summary")
    func fromFiles() throws {
        let session = try replaySession(web: Self.directory + "/example.jsonl", native: Self.directory + "/example.native.jsonl")
        #expect(session.offset == -1000)
        #expect(session.jsonLines.map { $0 + "\n" }.joined() == (try Self.expected))
    }

    @Test("the core, fed the same records, says the same; the text's numbers")
    func inline() throws {
        let example = session(
            web: [(100, .connect(context: nil, online: true)), (2600, .offline), (9200, .online)],
            native: [(500, .path(online: true)), (3000, .path(online: false)), (9800, .path(online: true))],
            offset: -1000,
            webRecords: [
                SessionRecord(
                    t: 100, type: "connect",
                    fields: [.init(key: "online", json: "true"), .init(key: "page", json: #""/""#), .init(key: "context", json: "null")])
            ])
        #expect(example.jsonLines.map { $0 + "\n" }.joined() == (try Self.expected))
        #expect(example.drops == [SessionDrop(t: 2000, edge: 8800, dropToPill: 1400, pill: 3400)])
        // The first path that says online is an edge too (connectivity starts offline), with no
        // pill and no view: only the edge at 8800 is measured.
        #expect(
            example.edges == [
                SessionEdge(t: -500, nextDrop: 2000),
                SessionEdge(t: 8800, nextDrop: nil, edgeToClear: .measured(400), edgeToPage: nil),
            ])
        #expect(example.findings.isEmpty)
        #expect(example.summary.end == 11200)
    }

    @Test("an explicit offset replaces the startedAt")
    func explicitOffset() throws {
        let session = try replaySession(
            web: Self.directory + "/example.jsonl", native: Self.directory + "/example.native.jsonl",
            options: SessionOptions(offsetMs: 0))
        #expect(session.lines.first { !$0.isRecord }?.jsonLine == #"{"t":500,"layer":"native","connectivity":"online"}"#)
        #expect(session.drops.map(\.dropToPill) == [400])
    }
}
