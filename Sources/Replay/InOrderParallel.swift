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
    var iterator = items.makeIterator()
    try inParallel(next: { iterator.next() }, jobs: min(jobs, items.count), ahead: ahead, work, consume: consume)
}

/// `inParallel` over items that come one at a time from `next` (a listing streamed from disk),
/// so that no list of them is held: `next` is called on one thread at a time, in order, and
/// no further than `ahead` past the item `consume` waits for. An error from `next` stops the
/// threads, and is thrown once they have stopped, after every item before it is consumed.
package func inParallel<Item: Sendable, Result: Sendable>(
    next: @escaping () throws -> Item?, jobs: Int, ahead: Int? = nil, _ work: @escaping @Sendable (Item) -> Result,
    consume: (Result) throws -> Void
) throws {
    let threads = min(jobs, ProcessInfo.processInfo.activeProcessorCount)
    guard threads > 1 else {
        while let item = try next() { try consume(work(item)) }
        return
    }
    let queue = OrderedSlots<Item, Result>(next: next, ahead: max(ahead ?? 2 * threads, threads))
    for _ in 0..<threads {
        Thread.detachNewThread {
            while let (index, item) = queue.take() { queue.store(work(item), at: index) }
            queue.stopped()
        }
    }
    do {
        while let result = try queue.wait() { try consume(result) }
    } catch {
        queue.cancel()
        queue.waitUntilStopped(threads)
        throw error
    }
    queue.waitUntilStopped(threads)
}

/// The work list and results of `inParallel(next:jobs:ahead:_:consume:)`: items taken from
/// `next` in order, no further than `ahead` past the next to consume; each result stored and
/// taken out once. The results in flight are within `ahead` of each other, so `ahead` slots hold
/// them (index i in slot i % ahead): a slot per item would cost the fleet's size in empty results.
private final class OrderedSlots<Item, Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Called under the lock only, so from one thread at a time.
    private let source: () throws -> Item?
    /// How many items `source` gave, once it gave no more (or failed).
    private var total: Int?
    private var failure: (any Error)?
    private var next = 0
    private var consumed = 0
    private var cancelled = false
    private var finished = 0
    private var slots: [Result?]
    private let ahead: Int

    init(next: @escaping () throws -> Item?, ahead: Int) {
        source = next
        self.ahead = ahead
        slots = Array(repeating: nil, count: ahead)
    }

    /// The next item and its index, once it is within `ahead` of the consumer; nil when none is left.
    func take() -> (Int, Item)? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, total == nil, next >= consumed + ahead { condition.wait() }
        guard !cancelled, total == nil else { return nil }
        do {
            guard let item = try source() else {
                total = next
                condition.broadcast()
                return nil
            }
            next += 1
            return (next - 1, item)
        } catch {
            failure = error
            total = next
            condition.broadcast()
            return nil
        }
    }

    func store(_ result: Result, at index: Int) {
        condition.lock()
        slots[index % slots.count] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The next result in order; nil after the last; the source's error after the results before it.
    func wait() throws -> Result? {
        condition.lock()
        defer { condition.unlock() }
        let index = consumed
        let slot = index % slots.count
        while slots[slot] == nil {
            if let total, index >= total {
                if let failure { throw failure }
                return nil
            }
            condition.wait()
        }
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
