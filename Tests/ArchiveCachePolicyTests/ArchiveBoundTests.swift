import ArchiveCachePolicy
import NativeErrorPolicy
import PolicyCore
import Testing

/// The cache's bound (`maxArchives`): a capture past it evicts the least recently captured
/// page, so the model of a long log holds at most that many archives.
@Suite("The archive cache's bound")
struct ArchiveBoundTests {
    func url(_ k: Int) -> String { "https://app.example.com/p/\(k)" }

    @Test("the default bound is 1000 archives, and a bound below 1 is 1")
    func defaults() {
        #expect(ArchiveSettings().maxArchives == 1000)
        #expect(ArchiveSettings(maxArchives: 0).maxArchives == 1)
    }

    @Test("past the bound, the least recently captured page is evicted: a later -1009 on it is a miss")
    func evictsLeastRecentlyCaptured() {
        let decisions = replay(
            [
                (1, finish(url(1))), (2, finish(url(2))), (3, finish(url(3))),
                (4, notConnected(url(1))), (5, notConnected(url(2))), (6, notConnected(url(3))),
            ], settings: ArchiveSettings(maxArchives: 2))
        #expect(
            decisions == [
                capture(1, url(1), .finish), capture(2, url(2), .finish), capture(3, url(3), .finish),
                miss(4, url(1)), served(5, url(2), key: url(2), age: 3), served(6, url(3), key: url(3), age: 3),
            ])
    }

    @Test("a recapture makes a page the most recent: the other one is evicted")
    func recaptureRefreshes() {
        var cache = ArchiveCache(settings: ArchiveSettings(maxArchives: 2))
        cache.send(finish(url(1)), at: 1)
        cache.send(finish(url(2)), at: 2)
        cache.send(finish(url(1)), at: 3)
        #expect(cache.evictionOrder == [url(2), url(1)])
        cache.send(finish(url(3)), at: 4)
        #expect(cache.archives == [url(1): 3, url(3): 4])
        #expect(cache.evictionOrder == [url(1), url(3)])
    }

    @Test("a URL-change capture counts as a capture too, at its due time")
    func urlChangeCaptureEvicts() {
        let decisions = replay(
            [
                (0, finish(url(1))), (10, urlChange(url(2))), (5000, notConnected(url(1))), (5001, notConnected(url(2))),
            ], settings: ArchiveSettings(maxArchives: 1))
        #expect(
            decisions == [
                capture(0, url(1), .finish), capture(2010, url(2), .urlChange),
                miss(5000, url(1)), served(5001, url(2), key: url(2), age: 2991),
            ])
    }

    @Test("removed and cleared pages free their place without evicting another")
    func removeFreesAPlace() {
        var cache = ArchiveCache(settings: ArchiveSettings(maxArchives: 2))
        cache.send(finish(url(1)), at: 1)
        cache.send(finish(url(2)), at: 2)
        cache.send(remove(url(1)), at: 3)
        cache.send(finish(url(3)), at: 4)
        #expect(cache.archives == [url(2): 2, url(3): 4])
        cache.send(.cacheClear, at: 5)
        cache.send(finish(url(4)), at: 6)
        cache.send(finish(url(5)), at: 7)
        #expect(cache.archives == [url(4): 6, url(5): 7])
        #expect(cache.evictionOrder == [url(4), url(5)])
    }

    @Test("a cache that starts with archives on disk keeps the most recently captured within the bound")
    func startingArchives() {
        let cache = ArchiveCache(settings: ArchiveSettings(maxArchives: 2), archives: [url(1): 30, url(2): 10, url(3): 20])
        #expect(cache.archives == [url(1): 30, url(3): 20])
        #expect(cache.evictionOrder == [url(3), url(1)])
    }

    /// 20,000 captures are 200 times the bound, each page's place taken and given back again and
    /// again: an order list never compacted would hold ~20,000 entries against its bound of 217,
    /// as plain a failure as at 100,000 (five times the test's time in a debug build).
    @Test("20,000 distinct pages and many recaptures: the cache holds the bound, its order list at most twice it")
    func memoryIsBounded() {
        var cache = ArchiveCache(settings: ArchiveSettings(maxArchives: 100))
        var output: [ArchiveDecision] = []
        // Held after every capture, not only at the end: the most the cache held at any step.
        // `archiveCount` is what `archives` is built from (its count is at most that), read
        // without making the dictionary 100,000 times.
        var most = 0
        for k in 0..<20_000 {
            cache.send(finish(url(k % 3 == 0 ? k % 150 : k)), at: Double(k), into: &output)
            output.removeAll(keepingCapacity: true)
            most = max(most, cache.archiveCount)
        }
        #expect(most <= 100)
        #expect(cache.archives.count == 100)
        #expect(cache.evictionOrder.count == 100)
        #expect(cache.orderEntries <= 2 * 100 + 16 + 1)
        // The last 100 captures are what is held.
        let last = (19_900..<20_000).map { url($0 % 3 == 0 ? $0 % 150 : $0) }
        #expect(Set(cache.archives.keys) == Set(last))
        #expect(cache.evictionOrder == last.enumerated().filter { index, key in !last[(index + 1)...].contains(key) }.map(\.element))
    }
}
