import BannerFindings
import Foundation
import OfflineBanner
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport

/// A partial names what it counted, so that one made before a finding or a figure existed is
/// never added up as if it had counted none of it: the merge refuses it, naming what differs,
/// with no version raised by hand.
@Suite("partials: keyed by the findings and figures they counted")
struct PartialCountedTests {
    static let settings = StatsPartial.Settings(BannerSettings(), lenient: false)

    /// A partial of one web log (a pill episode and a finding), its header saying `counted`.
    static func partial(_ logs: ScratchLogs, _ name: String, log: String, counted: PartialCounted = .stats) throws -> String {
        var summary = RecordingSummary()
        summary.records = 3
        summary.findings = [.onlineLied: 1]
        let file = StatsFile(path: "/fleet/\(log).jsonl", outcome: .read(WebLogSummary(summary)))
        return try logs.write(
            name, [StatsPartial.header(settings, counted: counted), StatsPartial.line(file), StatsPartial.trailer(logs: 1)])
    }

    /// What a build before `id` existed would have written: the registry's findings without it.
    static func before(finding id: String) -> PartialCounted {
        var counted = PartialCounted.stats
        counted.findings?.removeAll { $0 == id }
        return counted
    }

    static func refusal(_ paths: [String]) -> RecordingError? {
        do {
            _ = try StatsPartial.read(paths) { _, _, _ in }
            return nil
        } catch {
            return error as? RecordingError
        }
    }

    @Test("a stats header lists every finding id of the registry and every figure the lines carry")
    func headerListsTheRegistry() throws {
        let header = try #require(JSONValue(parsing: StatsPartial.header(Self.settings)))
        guard case .object(let object) = header else { throw RecordingError(.malformed, path: "header", line: nil, "not an object") }
        let counted = try PartialCounted(header: object, findings: true) { RecordingError(.malformed, path: "header", line: 1, $0) }
        #expect(Set(counted.findings ?? []) == Set(PolicyDescription.findingIDs))
        #expect(counted.figures == StatsFigure.allCases.map(\.rawValue).sorted())
    }

    @Test(
        "a new finding: a partial made before it is refused beside one made after, naming both partials and the id, in either order",
        arguments: PolicyDescription.findingIDs)
    func newFinding(_ id: String) throws {
        let logs = try ScratchLogs()
        let old = try Self.partial(logs, "old.jsonl", log: "a", counted: Self.before(finding: id))
        let new = try Self.partial(logs, "new.jsonl", log: "b")
        let oldFirst = try #require(Self.refusal([old, new]))
        #expect(oldFirst.kind == .malformed)
        #expect(oldFirst.path == new && oldFirst.line == 1)
        #expect(oldFirst.message.contains("counted other findings or figures than \(old):1: this partial counted \(id), \(old):1 did not"))
        let newFirst = try #require(Self.refusal([new, old]))
        #expect(newFirst.path == old && newFirst.line == 1)
        #expect(newFirst.message.contains("than \(new):1: \(new):1 counted \(id), this partial did not (finding ids)"))
        // Alone, it is refused too: this turbo-replay counts the finding, the partial never looked.
        let alone = try #require(Self.refusal([old]))
        #expect(alone.path == old && alone.line == 1)
        #expect(alone.message.contains("this turbo-replay counts \(id), this partial did not"))
        // Made again, it merges.
        #expect(Self.refusal([try Self.partial(logs, "again.jsonl", log: "a"), new]) == nil)
    }

    @Test("a new figure: a partial made before it is refused, naming it", arguments: StatsFigure.allCases)
    func newFigure(_ figure: StatsFigure) throws {
        let logs = try ScratchLogs()
        var counted = PartialCounted.stats
        counted.figures.removeAll { $0 == figure.rawValue }
        let old = try Self.partial(logs, "old.jsonl", log: "a", counted: counted)
        let new = try Self.partial(logs, "new.jsonl", log: "b")
        let refusal = try #require(Self.refusal([new, old]))
        #expect(refusal.path == old && refusal.line == 1)
        #expect(refusal.message.contains("\(new):1 counted \(figure.rawValue), this partial did not (figures)"))
        #expect(Self.refusal([old])?.message.contains("this turbo-replay counts \(figure.rawValue), this partial did not") == true)
    }

    @Test("a header without the lists, or with a name twice, is refused at its line")
    func malformedLists() throws {
        let logs = try ScratchLogs()
        let new = try Self.partial(logs, "new.jsonl", log: "a")
        var lines = try String(contentsOfFile: new, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0]
        lines[0] = String(header[..<header.range(of: #","findings":"#)!.lowerBound]) + "}"
        let bare = try logs.write("bare.jsonl", lines)
        #expect(Self.refusal([bare])?.message.contains(#"lists the findings it counted ("findings":[…])"#) == true)
        lines[0] = header.replacingOccurrences(of: #""findings":["#, with: #""findings":["stale-pill","#)
        let twice = try logs.write("twice.jsonl", lines)
        #expect(Self.refusal([twice])?.message.contains(#""findings" names stale-pill twice"#) == true)
    }

    @Test("every member a partial's line carries is a figure its header names (or a finding, counted by id)")
    func linesCarryNamedFigures() throws {
        let paths = try RecordingFiles.find(in: [packageRoot + "/recordings"])
        let stats = FleetStats.analyze(paths, jobs: 2)
        var withSessions = stats
        withSessions.sessions = FleetStats.analyzeSessions(paths, files: stats.files, jobs: 2)
        #expect(!withSessions.sessions.isEmpty, "recordings/ has app sessions")
        // recordings/ has no empty file: one, whose line says only that it is empty.
        withSessions.files.append(StatsFile(path: "/fleet/empty.jsonl", outcome: .empty))
        // recordings/ has no field identity: a pair by name refused, an app log naming no page.
        var refused = WebLogSummary()
        refused.pairRefused = "its app log names other pages"
        withSessions.files.append(StatsFile(path: "/fleet/refused.jsonl", outcome: .read(refused)))
        var unpaired = NativeLogSummary(platform: .ios)
        unpaired.unpaired = "it names no page among the logs"
        withSessions.files.append(StatsFile(path: "/fleet/unpaired.native.jsonl", outcome: .native(unpaired)))
        // recordings/ has no collector's folder: a page's and an app's log with holes.
        var gapped = WebLogSummary()
        gapped.gaps = ["seq 5-6"]
        withSessions.files.append(StatsFile(path: "/fleet/web/tab-2", outcome: .read(gapped)))
        var gappedNative = NativeLogSummary(platform: .android)
        gappedNative.gaps = ["part 1 of 4"]
        withSessions.files.append(StatsFile(path: "/fleet/native/log-b", outcome: .native(gappedNative)))
        var written: Set<String> = []
        StatsPartial.write(withSessions, settings: Self.settings) { line in
            guard case .object(let object)? = JSONValue(parsing: line), object["real"] != nil else { return }
            if object[StatsFigure.empty.key] == .bool(true) { written.insert(StatsFigure.empty.rawValue) }
            for layer in ["web", "native", "session"] {
                if case .object(let members)? = object[layer] { Self.figures(members, under: layer, into: &written) }
            }
        }
        let named = Set(StatsFigure.allCases.map(\.rawValue))
        #expect(written.subtracting(named).isEmpty, "written but not named in the header: \(written.subtracting(named).sorted())")
        // The bundled recordings exercise most of them (a cut log, seen records, launches, sessions).
        #expect(written.count >= named.count - 2, "not written by recordings/: \(named.subtracting(written).sorted())")
    }

    /// The members of one layer's object as figure names: objects that group figures are opened,
    /// and what says which log or session it is, or why it failed, is no figure.
    static func figures(_ members: [String: JSONValue], under prefix: String, into names: inout Set<String>) {
        // A group is what a figure of three parts sits in (`native.launch` of `native.launch.toWeb`).
        let groups = Set(StatsFigure.allCases.map { $0.rawValue.split(separator: ".") }.filter { $0.count == 3 }.map { $0.dropLast().joined(separator: ".") })
        let notFigures: Set<String> = ["web.findings", "native.findings", "session.findings", "session.web", "session.native", "session.failed"]
        for (key, value) in members {
            let name = prefix + "." + key
            if notFigures.contains(name) { continue }
            if groups.contains(name), case .object(let inner) = value {
                figures(inner, under: name, into: &names)
            } else {
                names.insert(name)
            }
        }
    }
}
