/// A queue read by position: elements are appended at the back, dropped from the front, and
/// addressed by a number that counts every element ever appended (`base` is the front's). What
/// streaming conformance keeps of two long streams: only the stretch a pending question needs.
struct SlidingBuffer<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private var head = 0
    /// The number of the front element: how many were dropped before it.
    private(set) var base = 0

    /// One past the number of the last element appended.
    var end: Int { base + storage.count - head }
    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }
    var first: Element? { isEmpty ? nil : storage[head] }
    var last: Element? { isEmpty ? nil : storage[storage.count - 1] }

    subscript(number: Int) -> Element {
        get { storage[head + number - base] }
        set { storage[head + number - base] = newValue }
    }

    mutating func append(_ element: Element) { storage.append(element) }

    /// Drops the front element; the storage is compacted once half of it is dropped, so each
    /// element is moved at most once more and the memory held follows what is kept.
    @discardableResult
    mutating func removeFirst() -> Element {
        let element = storage[head]
        head += 1
        base += 1
        if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// The first number at or after `from` whose element does not satisfy `before`, found by
    /// halving: `before` must hold for a prefix of the elements and fail for the rest.
    func partition(from: Int, _ before: (Element) -> Bool) -> Int {
        var low = max(from, base), high = end
        while low < high {
            let middle = (low + high) / 2
            if before(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
