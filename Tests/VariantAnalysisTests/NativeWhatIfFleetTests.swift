import Foundation
import NativeErrorPolicy
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport
@testable import VariantAnalysis

/// `whatif --variant probe-once` over many logs prints each log's report as it is read and adds
/// it to the totals then (`NativeWhatIfFleet.stream`, `NativeWhatIfTotals`), instead of holding
/// every log's report until the end: the same logs, in the same order, and the same totals.
@Suite struct NativeWhatIfFleetTests {
    /// The bundled native logs, a web recording (skipped: no retry policy) and a malformed log.
    static func paths() throws -> [String] {
        let natives = try RecordingFiles.find(in: [packageRoot + "/recordings/native"])
        let web = packageRoot + "/recordings/session/example.jsonl"
        let malformed = try Fixtures.file(
            "{\"type\":\"meta\",\"version\":1,\"recording\":\"native\",\"platform\":\"ios\"}\n{\"t\":oops\n", name: "malformed.jsonl")
        return natives + [web, malformed]
    }

    @Test(arguments: [1, 3]) func comparedAsReadIsWhatIsHeld(jobs: Int) throws {
        let paths = try Self.paths()
        let held = NativeWhatIfFleet.analyze(paths, reading: NativeWhatIfReading(variant: .probeOnce), jobs: 1)
        var seen: [NativeWhatIfFile] = []
        var totals = NativeWhatIfTotals(variant: .probeOnce)
        try NativeWhatIfFleet.stream(paths, reading: NativeWhatIfReading(variant: .probeOnce), jobs: jobs) { file in
            seen.append(file)
            totals.add(file)
        }
        #expect(seen == held.files)
        #expect(totals == held.totals)
    }

    /// The totals against the fleet's recordings added up here, apart from `NativeWhatIfTotals`:
    /// every kind of log counted, and the counts summed in the same order, to the last bit.
    @Test func theTotalsCountEveryKindOfLog() throws {
        let paths = try Self.paths()
        let fleet = NativeWhatIfFleet.analyze(paths, reading: NativeWhatIfReading(variant: .probeOnce))
        let totals = fleet.totals
        #expect(totals.recordings == paths.count - 2 && totals.recordings == fleet.recordings.count)
        #expect((totals.webs, totals.notRead) == (1, 1))
        #expect(totals.changed == fleet.recordings.filter { $0.v1 != $0.withVariant }.count)
        #expect(totals.changed > 0 && totals.changed < totals.recordings)
        var v1 = NativeWhatIfCounts(), variant = NativeWhatIfCounts()
        for recording in fleet.recordings {
            v1 = NativeWhatIfCounts(
                automatic: v1.automatic + recording.v1.automatic, probe: v1.probe + recording.v1.probe,
                errorViewMs: v1.errorViewMs + recording.v1.errorViewMs)
            variant = NativeWhatIfCounts(
                automatic: variant.automatic + recording.withVariant.automatic, probe: variant.probe + recording.withVariant.probe,
                errorViewMs: variant.errorViewMs + recording.withVariant.errorViewMs)
        }
        #expect(totals.v1 == v1 && totals.withVariant == variant)
        #expect(totals.v1.automatic != totals.withVariant.automatic)
    }
}
