import ArchiveCachePolicy
import Testing

/// Archive keys are compared by their UTF-8 bytes (issue #34, item 16): under Swift's
/// `String ==` the cache served a URL spelled e + U+0301 from the archive of the one spelled
/// with é, which it never captured.
@Suite("Archive keys are their bytes")
struct ByteKeyTests {
    /// Canonically equivalent, byte-distinct: (the URL captured, the URL visited).
    static let spellings: [(captured: String, visited: String)] = [
        ("https://app.example.com/caf\u{E9}", "https://app.example.com/cafe\u{301}"),
        ("https://app.example.com/K", "https://app.example.com/\u{212A}"),
    ]

    @Test("an archive is not served for the other spelling", arguments: spellings)
    func notServed(_ spelling: (captured: String, visited: String)) {
        #expect(spelling.captured == spelling.visited, "the row must be canonically equivalent")
        var cache = ArchiveCache(archives: [spelling.captured: 10])
        #expect(cache.capturedAt(spelling.captured) == 10)
        #expect(cache.capturedAt(spelling.visited) == nil)
        var output: [ArchiveDecision] = []
        cache.send(.presented(error: .web(.code(-1009)), url: spelling.visited), at: 100, into: &output)
        guard case .miss(let url, _)? = output.first?.outcome else {
            Issue.record("served from an archive never captured: \(output)")
            return
        }
        #expect(Array(url.utf8) == Array(spelling.visited.utf8))
    }
}
