import Foundation
import PolicyRegistry
import Replay
import Testing
import TurboRecording

@testable import Reports
@testable import TestSupport

/// `session`'s native layer is made of the registry's policies (`SessionLayerSections`): a
/// policy whose log is the native one and that the session does not read fails here, as does a
/// section that reports another policy's findings than its own.
@Suite("session: a layer section per registered native policy")
struct SessionLayerSectionsTests {
    @Test("every registered policy whose log is the native one has a section of the session's native layer, and no other")
    func everyNativePolicy() {
        for policy in PolicyDescription.all {
            let read = SessionLayerSections.maker(for: policy.id) != nil
            #expect(read == (policy.goldenBeside == .native), "\(policy.id): a section of the session's native layer \(read ? "" : "not ")made")
        }
    }

    @Test("each section, over the native recordings, reports findings of its own policy only, and some")
    func ownFindings() throws {
        let logs = try Fixtures.nativeRecordings()
        #expect(logs.count > 10)
        for policy in PolicyDescription.all {
            guard let make = SessionLayerSections.maker(for: policy.id) else { continue }
            var reported: Set<String> = []
            for path in logs {
                var section = make(NativeConfig())
                var found: [String] = []
                do {
                    let reader = try NativeRecordingReader(path: path, lenient: true)
                    while let record = try reader.next() { section.feed(record, found: &found) }
                    section.finish { found.append($0) }
                } catch is RecordingError {
                    continue
                }
                for line in found {
                    guard case .object(let object)? = JSONValue(parsing: line), case .string(let id)? = object["finding"] else {
                        Issue.record("\(policy.id): not a finding's line: \(line)")
                        continue
                    }
                    reported.insert(id)
                }
            }
            #expect(!reported.isEmpty, "\(policy.id)'s section reported no finding over \(logs.count) native recordings")
            let own = Set(policy.findings.map(\.id))
            #expect(reported.isSubset(of: own), "\(policy.id)'s section reported \(reported.subtracting(own).sorted()), not its findings")
        }
    }
}
