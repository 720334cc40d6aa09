import Replay
import Synchronization
import Testing

/// `stats` and `whatif` over many logs take each log's result in path order as soon as it and
/// every one before it are read, holding a few at a time (`inParallel(_:jobs:ahead:_:consume:)`).
@Suite struct InOrderParallelTests {
    struct Stop: Error {}

    @Test("results come in the items' order, for any number of jobs", arguments: [1, 2, 3, 8])
    func inOrder(jobs: Int) throws {
        var seen: [Int] = []
        try inParallel(Array(0..<200), jobs: jobs, ahead: 2 * jobs, { $0 * $0 }) { seen.append($0) }
        #expect(seen == (0..<200).map { $0 * $0 })
    }

    @Test("no item is started more than `ahead` past the one consumed")
    func ahead() throws {
        let started = Mutex(0)
        var consumed = 0
        try inParallel(
            Array(0..<100), jobs: 3, ahead: 4,
            { item in
                started.withLock { $0 = max($0, item) }
                return item
            }
        ) { item in
            consumed = item + 1
            // Every item started so far is within `ahead` of the one being consumed.
            #expect(started.withLock { $0 } < consumed + 4)
        }
        #expect(consumed == 100)
    }

    @Test("a consumer's error stops the work and is thrown")
    func stops() {
        let started = Mutex(0)
        #expect(throws: Stop.self) {
            try inParallel(
                Array(0..<1000), jobs: 2, ahead: 4,
                { item in
                    started.withLock { $0 += 1 }
                    return item
                }
            ) { item in
                if item == 10 { throw Stop() }
            }
        }
        #expect(started.withLock { $0 } < 100)
    }
}

/// The same map over items that come one at a time (a listing streamed from disk).
@Suite struct StreamedInOrderParallelTests {
    struct Broken: Error {}

    @Test("items taken one at a time come back in order; a source's error follows every item before it", arguments: [1, 2, 4])
    func streamed(jobs: Int) throws {
        var next = 0
        var seen: [Int] = []
        try inParallel(
            next: {
                guard next < 100 else { return nil }
                next += 1
                return next - 1
            }, jobs: jobs, { $0 * 2 }
        ) { seen.append($0) }
        #expect(seen == (0..<100).map { $0 * 2 })
        var source = 0
        seen = []
        #expect(throws: Broken.self) {
            try inParallel(
                next: {
                    if source == 30 { throw Broken() }
                    source += 1
                    return source - 1
                }, jobs: jobs, { $0 }
            ) { seen.append($0) }
        }
        #expect(seen == Array(0..<30))
    }
}
