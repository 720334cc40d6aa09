/// A binary min-heap of the indices `0..<count` into a caller's array, ordered by the caller's
/// `precedes`: the one heap of the k-way merges of sorted runs (a spool's, partials'). The
/// caller keeps the entries and says how two compare; the heap keeps only their order, so an
/// entry that advances in place (a run's cursor) needs no copy.
package struct IndexHeap {
    private var items: [Int]

    package init(count: Int, by precedes: (Int, Int) -> Bool) {
        items = Array(0..<count)
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(index, by: precedes) }
    }

    /// The index whose entry comes first, if any is left.
    package var first: Int? { items.first }

    /// The first entry advanced in place: it goes down to its new place.
    package mutating func firstChanged(by precedes: (Int, Int) -> Bool) { siftDown(0, by: precedes) }

    /// The first entry is done: it leaves the heap.
    package mutating func removeFirst(by precedes: (Int, Int) -> Bool) {
        items.swapAt(0, items.count - 1)
        items.removeLast()
        if !items.isEmpty { siftDown(0, by: precedes) }
    }

    private mutating func siftDown(_ start: Int, by precedes: (Int, Int) -> Bool) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, precedes(items[left], items[smallest]) { smallest = left }
            if right < items.count, precedes(items[right], items[smallest]) { smallest = right }
            if smallest == parent { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
