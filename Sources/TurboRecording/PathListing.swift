/// Paths handed back one at a time in the order of a key, each file once, in bounded memory
/// however many there are: how a fleet command lists a million logs (`SortedSpool` holds them
/// on disk). Paths are added with the identity of the file they name (its real path, or what
/// stands for it), and the rank that decides which of two spellings of one file is kept (the
/// first: the order of the command line, then of names). Once all are added, the listing
/// hands each file's kept spelling back in the order of `key`, ties by path.
package final class PathListing {
    /// What a path is ordered by: its bytes, or its real path as a partial spells it (`stats`,
    /// `tune`). `real` is the file's real path when it is known exactly without asking the
    /// system again; `nil` when the key must resolve `path` itself.
    package typealias Key = @Sendable (_ path: String, _ real: String?) -> [UInt8]

    /// A key of the path's own bytes: the order of names.
    package static let byPath: Key = { path, _ in Array(path.utf8) }

    /// How many files the listing hands back (each once).
    package private(set) var count = 0
    private var cursor: SortedSpool.Cursor?

    /// What gathers a listing: `add` every path, then `listing()`.
    package struct Builder {
        private let identities: SortedSpool
        private let key: Key
        private let budget: Int

        /// `budget`: the memory each of the listing's two sorts may hold (`SortedSpool`).
        package init(key: @escaping Key = PathListing.byPath, budget: Int = SortedSpool.defaultBudget) {
            self.key = key
            self.budget = budget
            identities = SortedSpool(budget: budget)
        }

        /// `path`, naming the file `identity` (two paths with one identity are one file);
        /// `exact`: the identity is the file's real path, as realpath would give it. Of two paths
        /// of one file, the one with the lower `rank` is kept, then the first by name.
        package mutating func add(_ path: String, identity: String, exact: Bool, rank: Int) throws {
            var value: [UInt8] = [exact ? 1 : 0]
            withUnsafeBytes(of: UInt64(rank).bigEndian) { value.append(contentsOf: $0) }
            value.append(contentsOf: path.utf8)
            try identities.add(key: identity.utf8, value: value)
        }

        /// The listing: the first spelling of each file (by identity), ordered by `key`.
        package func listing() throws -> PathListing {
            var byIdentity = try identities.sorted()
            let ordered = SortedSpool(budget: budget)
            var previous: [UInt8]?
            while let entry = try byIdentity.next() {
                guard entry.key != previous else { continue }
                previous = entry.key
                let path = String(decoding: entry.value.dropFirst(9), as: UTF8.self)
                let real = entry.value[0] == 1 ? String(decoding: entry.key, as: UTF8.self) : nil
                try ordered.add(key: key(path, real), value: entry.value.dropFirst(9))
            }
            let cursor = try ordered.sorted()
            return PathListing(count: ordered.count, cursor: cursor, spilled: identities.runsWritten + ordered.runsWritten > 0)
        }
    }

    /// Whether the listing went to disk (it was larger than its budget).
    package let spilled: Bool

    private init(count: Int, cursor: SortedSpool.Cursor, spilled: Bool) {
        self.count = count
        self.cursor = cursor
        self.spilled = spilled
    }

    /// The next path, or `nil` after the last.
    package func next() throws -> String? {
        guard let entry = try cursor?.next() else { return nil }
        return String(decoding: entry.value, as: UTF8.self)
    }

    /// Every path, in order: for a listing known to be short (tests, a command's own files).
    package func all() throws -> [String] {
        var paths: [String] = []
        while let path = try next() { paths.append(path) }
        return paths
    }
}
