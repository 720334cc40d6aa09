#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Entries (a key and a value, both bytes) handed back in order, key then value, byte by byte,
/// in bounded memory however many there are: an external merge sort. Entries gather in memory
/// up to `budget` bytes; past that each batch is sorted and written to an unnamed temporary
/// file as a run, and the runs are merged, one buffered cursor each. A listing of a million
/// logs (a single directory of them, too) costs its size on disk, not in memory. Few entries
/// never touch the disk.
package final class SortedSpool {
    /// What the gathered entries may take in memory (their bytes and their index), before a run
    /// is written.
    package let budget: Int
    /// How many runs one merge reads at once; more are merged in passes first.
    package let fanIn: Int
    /// Every entry added, repeats included.
    package private(set) var count = 0
    /// How many runs were written to disk (none while the entries fit in `budget`).
    package private(set) var runsWritten = 0

    private var bytes: [UInt8] = []
    private var items: [Item] = []
    private var file: TemporaryFile?
    private var runs: [Run] = []
    private var finished = false

    fileprivate struct Item {
        var start: Int
        var keyCount: Int
        var valueCount: Int
    }

    /// A sorted stretch of the temporary file: where it starts and how many entries it holds.
    struct Run {
        var offset: Int
        var count: Int
    }

    /// 4 MiB: a listing's entries are about 150 bytes, so some 25,000 of them a run.
    package static let defaultBudget = 4 << 20

    package init(budget: Int = defaultBudget, fanIn: Int = 256) {
        self.budget = max(budget, 1)
        self.fanIn = max(fanIn, 2)
    }

    /// Adds an entry; may write a run.
    package func add(key: some Collection<UInt8>, value: some Collection<UInt8>) throws {
        precondition(!finished, "SortedSpool: an entry added after the spool was read")
        items.append(Item(start: bytes.count, keyCount: key.count, valueCount: value.count))
        bytes.append(contentsOf: key)
        bytes.append(contentsOf: value)
        count += 1
        if bytes.count + items.count * MemoryLayout<Item>.stride >= budget { try spill() }
    }

    /// The entries in order (key, then value; equal entries in the order added). The spool
    /// takes no more entries after this.
    package func sorted() throws -> Cursor {
        finished = true
        guard let file else {
            let order = sortedItems().map { items[$0] }
            defer { (bytes, items) = ([], []) }
            return Cursor(bytes: bytes, items: order)
        }
        try spill()
        while runs.count > fanIn {
            // Merged in passes, `fanIn` runs at a time, each pass's runs after the last.
            var merged: [Run] = []
            for group in stride(from: 0, to: runs.count, by: fanIn) {
                let part = Array(runs[group..<min(group + fanIn, runs.count)])
                merged.append(try file.merge(part, budget: budget))
            }
            runs = merged
        }
        return try Cursor(file: file, runs: runs, budget: budget)
    }

    private func sortedItems() -> [Int] {
        bytes.withUnsafeBufferPointer { base in
            items.indices.sorted { a, b in
                let x = items[a], y = items[b]
                let order = compare(
                    UnsafeBufferPointer(rebasing: base[x.start..<(x.start + x.keyCount)]),
                    UnsafeBufferPointer(rebasing: base[y.start..<(y.start + y.keyCount)]))
                if order != 0 { return order < 0 }
                let valueOrder = compare(
                    UnsafeBufferPointer(rebasing: base[(x.start + x.keyCount)..<(x.start + x.keyCount + x.valueCount)]),
                    UnsafeBufferPointer(rebasing: base[(y.start + y.keyCount)..<(y.start + y.keyCount + y.valueCount)]))
                return valueOrder != 0 ? valueOrder < 0 : a < b
            }
        }
    }

    /// The gathered entries, sorted, as a run at the end of the temporary file.
    private func spill() throws {
        guard !items.isEmpty else { return }
        if file == nil { file = try TemporaryFile() }
        let order = sortedItems()
        let offset = file!.size
        for index in order {
            let item = items[index]
            try bytes.withUnsafeBufferPointer { base in
                try file!.writeEntry(
                    key: UnsafeBufferPointer(rebasing: base[item.start..<(item.start + item.keyCount)]),
                    value: UnsafeBufferPointer(rebasing: base[(item.start + item.keyCount)..<(item.start + item.keyCount + item.valueCount)]))
            }
        }
        runs.append(Run(offset: offset, count: order.count))
        runsWritten += 1
        bytes.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
    }

    /// The spool's entries, one at a time, in order.
    package struct Cursor {
        private var bytes: [UInt8] = []
        private var items: [Item] = []
        private var index = 0
        private var merge: RunMerge?

        fileprivate init(bytes: [UInt8], items: [Item]) {
            self.bytes = bytes
            self.items = items
        }

        fileprivate init(file: TemporaryFile, runs: [Run], budget: Int) throws {
            merge = try RunMerge(file: file, runs: runs, budget: budget)
        }

        /// The next entry, or `nil` after the last.
        package mutating func next() throws -> (key: [UInt8], value: [UInt8])? {
            if merge != nil { return try merge!.next() }
            guard index < items.count else { return nil }
            let item = items[index]
            index += 1
            let keyEnd = item.start + item.keyCount
            return (Array(bytes[item.start..<keyEnd]), Array(bytes[keyEnd..<(keyEnd + item.valueCount)]))
        }
    }
}

/// -1, 0 or 1 as `a` sorts before, with or after `b`, byte by byte (a prefix first).
func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    if common > 0 {
        let order = memcmp(a.baseAddress!, b.baseAddress!, common)
        if order != 0 { return order < 0 ? -1 : 1 }
    }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}

/// -1, 0 or 1 for two byte arrays, as `compare` orders buffers.
func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in compare(x, y) } }
}
