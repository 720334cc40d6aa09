import AppSession
import Foundation
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import TurboReplayCLI

/// A policy is one slice: every reader of a native log picks its part of each policy through
/// the registry, by a `switch` over `PolicyID`. A registered policy whose log is the native one
/// and that a reader has no part for fails here, as does a part that reads another policy's
/// findings than its own, or a composition of `stats`' parts that leaves one out.
@Suite("every registered native policy has every reader")
struct PolicyReadersTests {
    /// The policies whose log is the native one, from the registry.
    static let native = PolicyDescription.all.filter { $0.goldenBeside == .native }

    @Test("explain, session's native layer, stats and render's lanes each have a part for every policy whose log is the native one, and for no other")
    func everyReader() {
        #expect(!Self.native.isEmpty)
        for policy in PolicyDescription.all {
            let isNative = policy.goldenBeside == .native
            let readers: [(reader: String, has: Bool)] = [
                ("explain", ExplainSections.maker(for: policy.id) != nil),
                ("session's native layer", SessionLayerSections.maker(for: policy.id) != nil),
                ("stats", NativeStatsSections.section(for: policy.id) != nil),
                ("render's lanes", NativeLaneSections.maker(for: policy.id) != nil),
            ]
            for (reader, has) in readers {
                #expect(
                    has == isNative, "\(policy.id): \(has ? "a" : "no") part of \(reader), for a policy whose log is \(isNative ? "" : "not ")the native one")
            }
            // The session's summary: a part only for a policy of the native log (most add none).
            if SessionSummarySections.writer(for: policy.id) != nil {
                #expect(isNative, "\(policy.id): a part of the session's summary, for a policy whose log is not the native one")
            }
        }
    }

    @Test("stats reads every part, in registry order, each its own policy's, and counts the registry's findings of them")
    func statsComposition() {
        #expect(NativeStatsSections.All.policies == Self.native.map(\.id))
        #expect(NativeStatsSections.policies == Self.native.map(\.id))
        for policy in Self.native {
            #expect(NativeStatsSections.section(for: policy.id)?.policies == [policy.id], "\(policy.id): stats' part is another policy's")
        }
        #expect(NativeStatsSections.findingIDs == Self.native.flatMap(\.findings).map(\.id))
    }

    @Test("each part of stats, over the native recordings, counts findings of its own policy only, and some")
    func statsOwnFindings() throws {
        let logs = try Fixtures.nativeRecordings()
        #expect(logs.count > 10)
        for policy in Self.native {
            guard let section = NativeStatsSections.section(for: policy.id) else { continue }
            var counted: Set<String> = []
            for path in logs {
                guard let found = try Self.findings(of: section, path: path) else { continue }
                counted.formUnion(found.filter { $0.value > 0 }.keys)
            }
            #expect(!counted.isEmpty, "\(policy.id)'s part of stats counted no finding over \(logs.count) native recordings")
            let own = Set(policy.findings.map(\.id))
            #expect(counted.isSubset(of: own), "\(policy.id)'s part of stats counted \(counted.subtracting(own).sorted()), not its findings")
        }
    }

    @Test("the session's summary writes each part the registry gives it, in registry order")
    func sessionSummary() throws {
        let session = try replaySession(web: "recordings/session/airplane.jsonl", native: "recordings/session/airplane.native.jsonl")
        var written = ""
        try SessionSummarySections.write(session.summary) { written += $0 }
        var parts: [String] = []
        for policy in PolicyDescription.all {
            guard let part = SessionSummarySections.writer(for: policy.id) else { continue }
            var text = ""
            try part(session.summary) { text += $0 }
            #expect(!text.isEmpty, "\(policy.id)'s part of the session's summary wrote nothing")
            parts.append(text)
        }
        #expect(!parts.isEmpty)
        #expect(written == parts.joined(separator: "\n"))
        #expect(SessionText.findings(session).suffix(written.split(separator: "\n").count) == written.split(separator: "\n").map(String.init)[...])
    }

    /// The findings one part of `stats` alone counts over the native log at `path`; `nil` for
    /// a log made to be refused (a bound passed, an Android log with a cache).
    static func findings<Section: NativeStatsSection>(of _: Section.Type, path: String) throws -> [String: Int]? {
        var section = Section(config: NativeConfig())
        var findings: [String: Int] = [:]
        do {
            let reader = try NativeRecordingReader(path: path, lenient: true)
            while let record = try reader.next() { try section.feed(record, path: reader.path, findings: &findings) }
            try section.finish(path: reader.path, findings: &findings)
        } catch is RecordingError {
            return nil
        }
        return findings
    }
}
