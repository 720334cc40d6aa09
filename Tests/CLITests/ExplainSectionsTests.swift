import Foundation
import PolicyRegistry
import Replay
import Reports
import Testing
import TurboRecording

@testable import TestSupport
@testable import TurboReplayCLI

/// `explain` on a native log is made of the registry's policies (`ExplainSections`): a policy
/// whose log is the native one and that `explain` does not read fails here, as does a section
/// that counts another policy's findings than its own.
@Suite("explain: a section per registered native policy")
struct ExplainSectionsTests {
    @Test("every registered policy whose log is the native one has a section of explain, and no other policy has one")
    func everyNativePolicy() {
        for policy in PolicyDescription.all {
            let explained = ExplainSections.maker(for: policy.id) != nil
            #expect(explained == (policy.goldenBeside == .native), "\(policy.id): a section of explain \(explained ? "" : "not ")made")
        }
        #expect(PolicyDescription.explainedNative == PolicyDescription.all.filter { $0.goldenBeside == .native }.map(\.id))
    }

    @Test("each section, over the native recordings, counts findings of its own policy only, and some")
    func ownFindings() throws {
        let logs = try Fixtures.nativeRecordings()
        #expect(logs.count > 10)
        let sink = try #require(fopen("/dev/null", "w"))
        defer { fclose(sink) }
        let console = Console(output: sink, error: sink)
        for policy in PolicyDescription.all {
            guard let make = ExplainSections.maker(for: policy.id) else { continue }
            var counted: Set<String> = []
            for path in logs {
                let section = try make(NativeConfig(), true)
                do {
                    let reader = try NativeRecordingReader(path: path, lenient: true)
                    while let record = try reader.next() { try section.observe(record, path: reader.path, console: console) }
                    _ = try section.report(path: reader.path, cuts: reader.cuts.count, console: console)
                } catch is RecordingError {
                    // A log made to be refused (a bound passed, an Android log with a cache) counts nothing.
                    continue
                }
                counted.formUnion(section.findingCounts.map(\.id))
            }
            #expect(!counted.isEmpty, "\(policy.id)'s section counted no finding over \(logs.count) native recordings")
            let own = Set(policy.findings.map(\.id))
            #expect(counted.isSubset(of: own), "\(policy.id)'s section counted \(counted.subtracting(own).sorted()), not its findings")
        }
    }
}
