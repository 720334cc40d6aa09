import Replay
import Testing
import TurboRecording

@testable import Fleet
@testable import TestSupport

private let archiveRecordings = packageRoot + "/recordings/archive"

@Suite("archive --summary: the what-if over a fleet")
struct ArchiveFleetTests {
    @Test("added up over recordings/archive/, in path order, the same for any job count")
    func fleet() throws {
        let paths = try RecordingFiles.find(in: [archiveRecordings])
        let fleet = ArchiveFleet.analyze(paths, jobs: 1)
        #expect(ArchiveFleet.analyze(paths, jobs: 3) == fleet)
        #expect(fleet.android == 1)
        #expect(fleet.summaries.count == paths.count - 1)
        #expect(fleet.served + fleet.misses + fleet.passed + fleet.offlineWithoutURL == fleet.offlineViews)
        let staleLogs = fleet.findings.first { $0.kind == .staleArchive }?.recordings.map(\.path)
        #expect(staleLogs == [archiveRecordings + "/stale-archive.jsonl"])
        let notIntercepted = fleet.findings.first { $0.kind == .notIntercepted }!
        #expect(notIntercepted.count == 3)
        #expect(notIntercepted.recordings.map(\.path) == [archiveRecordings + "/not-intercepted.jsonl", archiveRecordings + "/contract-example.jsonl"])
    }

    @Test("median (mean of the middle two), p90 by nearest rank (within the sketch's accuracy), exact max of the ages at serve")
    func ages() throws {
        let files = try ScratchLogs()
        let meta = #"{"type":"meta","version":1,"recording":"native"}"#
        var lines = [meta, #"{"t":0,"type":"finish","url":"https://a.example/"}"#]
        for age in [100, 400, 200, 300] {
            lines.append(#"{"t":\#(age),"type":"presented","surface":"s","error":{"kind":"web","code":-1009},"url":"https://a.example/"}"#)
        }
        // Time never goes back in a log: ages 100, 400 in one, 200, 300 in another.
        let one = try files.write("one.jsonl", [lines[0], lines[1], lines[2], lines[3]])
        let two = try files.write("two.jsonl", [lines[0], lines[1], lines[4], lines[5]])
        let fleet = ArchiveFleet.analyze([one, two], jobs: 1)
        #expect(abs(fleet.ageAtServe!.median - 250) <= QuantileSketch.relativeAccuracy * 250)
        #expect(abs(fleet.ageAtServe!.p90 - 400) <= QuantileSketch.relativeAccuracy * 400)
        #expect(fleet.ageAtServe?.max == 400)
        #expect(fleet.archivesAtEnd == 2)
        #expect(fleet.largestCache?.path == one)
    }

    @Test("a malformed log is reported with its line and counted; web and android logs are skipped")
    func failures() throws {
        let files = try ScratchLogs()
        let bad = try files.write("bad.jsonl", [#"{"type":"meta","version":1,"recording":"native"}"#, #"{"t":1,"type":"finish"}"#])
        let fleet = ArchiveFleet.analyze(
            [
                bad, packageRoot + "/recordings/chromium/flap-short.jsonl",
                packageRoot + "/recordings/native/contract-example.jsonl",
            ], jobs: 1)
        #expect(fleet.malformed == 1)
        #expect(fleet.failures.first?.description == #"\#(bad):2: missing "url" on "finish" (a string: the page that finished loading)"#)
        #expect(fleet.web == 1)
        #expect(fleet.android == 1)
        #expect(fleet.summaries.isEmpty)
    }
}
