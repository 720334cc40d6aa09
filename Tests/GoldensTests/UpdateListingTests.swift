import Foundation
import Goldens
import Testing
import TurboRecording

@testable import TestSupport

/// `check --update` lists each folder a fixed number of times, whatever it holds (issue #34,
/// item 11): a listing per golden (to sweep its stale temporaries) made it quadratic, 12 s for
/// 2,000 recordings. Counted, not timed: ten times the recordings, the same listings.
@Suite struct UpdateListingTests {
    /// The listings an update of a folder of `count` recordings makes, as `check --update`
    /// goes: the survey, the sweep of stale temporaries, then each recording's goldens.
    func listings(recordings count: Int) throws -> (listings: Int, written: Int) {
        let directory = try Fixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = RecordingGenerator(seed: 5)
        for k in 0..<count {
            let text = generator.recording(records: 10).joined(separator: "\n") + "\n"
            try text.write(toFile: directory + "/r\(k).jsonl", atomically: false, encoding: .utf8)
        }
        let counter = ListingCounter()
        let written = try DirectoryListing.$counter.withValue(counter) {
            let survey = try GoldenCase.survey(in: [directory])
            _ = TemporarySweep.goldens(under: [directory], remove: true)
            return survey.cases.flatMap { $0.check(update: true) }.filter { if case .written = $0.result { true } else { false } }.count
        }
        return (counter.count, written)
    }

    /// At 10 and 100 recordings: a listing per golden would be 90 more listings, one per
    /// recording 90 more too, as plain a failure as at 20 and 200, for half the updates.
    @Test func tenTimesTheRecordingsListTheFolderAsOften() throws {
        let small = try listings(recordings: 10), large = try listings(recordings: 100)
        #expect(small.written == 10 && large.written == 100)
        #expect(large.listings == small.listings, "\(small.listings) listings for 10 recordings, \(large.listings) for 100")
        #expect(small.listings <= 2, "the survey and the sweep list the folder once each")
    }
}
