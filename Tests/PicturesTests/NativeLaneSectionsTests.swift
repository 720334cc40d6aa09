import Foundation
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import Pictures
@testable import TestSupport

/// `render`'s picture of a native log is made of the registry's policies (`NativeLaneSections`):
/// a policy whose log is the native one and that the picture does not draw fails here, as does
/// a section that flags another policy's findings than its own, or a picture that draws other
/// rows or findings than its sections'.
@Suite("render: a lanes section per registered native policy")
struct NativeLaneSectionsTests {
    @Test("every registered policy whose log is the native one has a section of the native picture, and no other policy has one")
    func everyNativePolicy() {
        let native = PolicyDescription.all.filter { $0.goldenBeside == .native }
        for policy in PolicyDescription.all {
            let drawn = NativeLaneSections.maker(for: policy.id) != nil
            #expect(drawn == (policy.goldenBeside == .native), "\(policy.id): a section of the native picture \(drawn ? "" : "not ")made")
        }
        #expect(NativeLanes(limits: RenderLimits()).sections.count == native.count)
    }

    @Test("each section, drawn alone over the native recordings, flags findings of its own policy only, and some; the picture is its sections'")
    func ownMarks() throws {
        let logs = try Fixtures.nativeRecordings()
        #expect(logs.count > 10)
        let policies = PolicyDescription.all.compactMap { policy in NativeLaneSections.maker(for: policy.id).map { (policy, $0) } }
        var flagged: [PolicyID: Set<String>] = [:]
        for path in logs {
            let limits = RenderLimits()
            var whole = NativeLanes(limits: limits)
            do {
                try whole.read(try NativeRecordingReader(path: path, lenient: true))
            } catch is RecordingError {
                // A log made to be refused (a bound passed, an Android log with a cache) draws nothing.
                continue
            }
            var alone: [(band: NativeLaneBand, rows: [String])] = []
            var flags = 0
            // The kinds of mark each section's picture keys in its legend, drawn alone.
            var keys: Set<String> = []
            for (policy, make) in policies {
                var lanes = NativeLanes(limits: limits, sections: [make(NativeConfig(), limits)])
                let reader = try NativeRecordingReader(path: path, lenient: true)
                try lanes.read(reader)
                flags += lanes.allFlags - reader.cuts.count
                flagged[policy.id, default: []].formUnion(lanes.flags.map(\.id).filter { $0 != LogCut.finding })
                alone.append((lanes.sections[0].band, lanes.sections[0].rows(lanes).map(\.name)))
                var chart = NativeChart(path: path, lanes: lanes)
                _ = chart.draw()
                keys.formUnion(chart.legend.kinds.map(\.label))
            }
            let cuts = try NativeRecordingReader(path: path, lenient: true)
            while try cuts.next() != nil {}
            #expect(whole.allFlags == flags + cuts.cuts.count, "\(path): the picture flags \(whole.allFlags), its sections \(flags)")
            let rows = alone.enumerated().sorted { ($0.element.band, $0.offset) < ($1.element.band, $1.offset) }.flatMap(\.element.rows)
            #expect(whole.sections.flatMap { $0.rows(whole) }.map(\.name) == rows, "\(path): the picture's rows are not its sections'")
            var chart = NativeChart(path: path, lanes: whole)
            _ = chart.draw()
            #expect(Set(chart.legend.kinds.map(\.label)) == keys, "\(path): the picture draws other marks than its sections drawn alone")
        }
        for (policy, _) in policies {
            let own = Set(policy.findings.map(\.id)), ids = flagged[policy.id, default: []]
            #expect(!ids.isEmpty, "\(policy.id)'s section flagged no finding over \(logs.count) native recordings")
            #expect(ids.isSubset(of: own), "\(policy.id)'s section flagged \(ids.subtracting(own).sorted()), not its findings")
        }
    }
}
