import Foundation
import Testing

@testable import TestSupport

/// `replay`'s table for people says why each visible change happened.
@Suite("The text timeline")
struct TextTimelineTests {
    @Test("a pill taken down by a page that unloads says so")
    func pagehide() throws {
        let run = try turboReplay(["replay", Fixtures.recordings + "/chromium/offline-visit-full-reload.jsonl"])
        #expect(run.status == 0)
        let hidden = run.stdout.split(separator: "\n").filter { $0.contains("hidden") }
        #expect(hidden.count == 1)
        #expect(hidden.first?.hasPrefix("      1438.4  hidden") == true)
        #expect(hidden.first?.hasSuffix("← page unloaded (pagehide)") == true)
    }
}
