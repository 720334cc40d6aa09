import Foundation

/// `inParallel` for a report made as it goes: up to `jobs` threads take the items in order, and
/// each result is handed to `consume`, on the calling thread, in the items' order, as soon as
/// it and every one before it are done. No thread runs more than `ahead` items (default: twice
/// the threads) past the one `consume` waits for, so at most that many results are held at once
/// (each may hold an open spool, or a log's summary: a fleet of ten thousand logs must not hold
/// ten thousand). With one job the items are worked and consumed in turn on the calling thread.
/// When `consume` throws, the threads take no more items, and the error is thrown once they
/// have stopped.
///
/// The threads are at most the processors, as `DispatchQueue.concurrentPerform` runs the
/// plain `inParallel`: more gain nothing for this work, and a `--jobs` of thousands would
/// start thousands, each with its stack, and wait forever for one the system refused.
package func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], jobs: Int, ahead: Int? = nil, _ work: @escaping @Sendable (Item) -> Result, consume: (Result) throws -> Void
) throws {
    let threads = min(jobs, items.count, ProcessInfo.processInfo.activeProcessorCount)
    guard threads > 1 else {
        for item in items { try consume(work(item)) }
        return
    }
    let queue = OrderedSlots<Result>(count: items.count, ahead: max(ahead ?? 2 * threads, threads))
    for _ in 0..<threads {
        Thread.detachNewThread {
            while let index = queue.take() { queue.store(work(items[index]), at: index) }
            queue.stopped()
        }
    }
    do {
        for index in items.indices { try consume(queue.wait(for: index)) }
    } catch {
        queue.cancel()
        queue.waitUntilStopped(threads)
        throw error
    }
    queue.waitUntilStopped(threads)
}

/// The work list and results of `inParallel(_:jobs:ahead:_:consume:)`: indices handed out in
/// order, no further than `ahead` past the next to consume; each result stored and taken out
/// once. The results in flight are within `ahead` of each other, so `ahead` slots hold them
/// (index i in slot i % ahead): a slot per item would cost the fleet's size in empty results.
private final class OrderedSlots<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var consumed = 0
    private var cancelled = false
    private var finished = 0
    private var slots: [Result?]
    private let ahead: Int

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
        slots = Array(repeating: nil, count: min(ahead, count))
    }

    /// The next index to work on, once it is within `ahead` of the consumer; nil when none is left.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, next < count, next >= consumed + ahead { condition.wait() }
        guard !cancelled, next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        slots[index % slots.count] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        let slot = index % slots.count
        while slots[slot] == nil { condition.wait() }
        let result = slots[slot]!
        slots[slot] = nil
        consumed = index + 1
        condition.broadcast()
        return result
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func stopped() {
        condition.lock()
        finished += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilStopped(_ threads: Int) {
        condition.lock()
        while finished < threads { condition.wait() }
        condition.unlock()
    }
}
