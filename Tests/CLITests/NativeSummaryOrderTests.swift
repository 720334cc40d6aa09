import Testing

@testable import TestSupport

/// `native --explain --format jsonl` ends with one summary line, the same on every run: the
/// error view's finding counts are listed in their ids' byte order. They came from a
/// dictionary, whose order changes from one process to the next (one run in six swapped
/// `missed-retry` and `unexpected-retry` on this recording). So each run is a process of the
/// built tool's own, with its own hashing seed.
@Suite("The native summary's finding order")
struct NativeSummaryOrderTests {
    @Test func idsAreInByteOrderOnEveryRun() throws {
        let arguments = [
            "native", "--explain", "--variant", "probe-once", "--format", "jsonl",
            "recordings/native/offline-and-back-before-deferred-expiry.jsonl",
        ]
        for _ in 0..<8 {
            let summary = try Fixtures.run(arguments).stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(summary.contains(#""findings":{"missed-retry":1,"unexpected-retry":1}"#), "\(summary)")
        }
    }
}
