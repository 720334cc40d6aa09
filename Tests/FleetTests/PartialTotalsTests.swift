import Testing
import TurboRecording

@testable import Fleet

/// A merge's running totals: a count past Int.max, or a sum that stops being finite, is refused
/// at the line that makes it, with the total's name.
@Suite("PartialTotals")
struct PartialTotalsTests {
    func fail(_ message: String) -> RecordingError { RecordingError(.malformed, path: "p.partial", line: 7, message) }

    @Test("counts and sums add up without complaint below the limits")
    func adds() throws {
        var totals = PartialTotals()
        try totals.add("toasts", 3, fail)
        try totals.add("toasts", Int.max - 3, fail)
        try totals.add("pill ms", 1e300, fail)
        try totals.add("pill ms", 1e300, fail)
    }

    @Test("a count past Int.max is an error naming the total and both numbers")
    func countOverflow() throws {
        var totals = PartialTotals()
        try totals.add("toasts", Int.max, fail)
        #expect {
            try totals.add("toasts", 1, fail)
        } throws: { error in
            (error as? RecordingError)?.description
                == "p.partial:7: the fleet's toasts overflow here: \(Int.max) + 1 is more than \(Int.max)"
        }
        // Another total has its own count.
        try totals.add("pill episodes", 1, fail)
    }

    @Test("a sum that is no longer finite is an error naming the total")
    func sumOverflow() throws {
        var totals = PartialTotals()
        try totals.add("pill ms", Double.greatestFiniteMagnitude, fail)
        #expect {
            try totals.add("pill ms", Double.greatestFiniteMagnitude, fail)
        } throws: { error in
            (error as? RecordingError)?.description == "p.partial:7: the fleet's pill ms overflow here: no longer a finite number"
        }
    }
}
