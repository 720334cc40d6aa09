import Dispatch
import Foundation

/// Many recordings replayed at once: `items.map(work)`, with `jobs` threads taking items in order: results come back in the
/// items' order, so whatever prints them prints the same for any `jobs`.
public func inParallel<Item: Sendable, Result: Sendable>(
    _ items: [Item], jobs: Int,
    _ work: @escaping @Sendable (Item) -> Result
) -> [Result] {
    guard jobs > 1, items.count > 1 else { return items.map(work) }
    let slots = Slots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: min(jobs, items.count)) { _ in
        while let index = slots.take() {
            slots.store(work(items[index]), at: index)
        }
    }
    return slots.results()
}

/// The work list and results of a parallel run: indices handed out in order, results stored
/// by index, each slot written once.
private final class Slots<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Result?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func store(_ result: Result, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    func results() -> [Result] {
        lock.withLock { slots.map { $0! } }
    }
}
