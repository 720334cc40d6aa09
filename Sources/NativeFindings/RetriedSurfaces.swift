import PolicyCore
import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an unexpected retry's state reads on a surface with no error view: the surface's last
/// decision, when it was a retry (`already-retried`, with its time) or a 401's `none` view
/// (`auth-shell`). Any other last decision reads as "no view", so it is not kept.
///
/// It must be kept for as long as the surface is not presented again: nothing else ends it (a
/// `dismissed` writes no decision, and the app may retry on that surface any time later), so a
/// log of ever new surfaces, each retried once, would hold one entry per surface. Past
/// `inMemory` surfaces they go to an on-disk hash table in unnamed temporary files, looked up
/// on a miss: the answer is the same for any number of surfaces, and memory stays flat.
/// A copy shares the files with the original: the explainer that holds it is not copied
/// while it replays.
package struct RetriedSurfaces: Sendable {
    /// What is remembered of a surface's last decision.
    package enum Last: Equatable, Sendable {
        case retried(at: Double)
        case authShell
    }

    /// Held in memory up to this many surfaces: a recording of ordinary length never touches
    /// the disk.
    package static let inMemory = 16_384

    private var memory: [ByteString: Last] = [:]
    private var table: SurfaceTable?
    /// Set when the table could not be made or written: then every surface stays in memory.
    private var noFile = false
    private let inMemory: Int

    package init(inMemory: Int = RetriedSurfaces.inMemory) {
        self.inMemory = inMemory
    }

    /// Surfaces held in memory (the growth tests read it).
    package var inMemoryCount: Int { memory.count }

    /// Surfaces on disk (the tests read it).
    package var onDiskCount: Int { table?.live ?? 0 }

    package subscript(surface: ByteString) -> Last? {
        get { memory[surface] ?? table?.value(of: Array(surface.text.utf8)).map(Self.last) }
        set {
            memory[surface] = newValue
            if newValue == nil, let table, table.live > 0 { table.remove(Array(surface.text.utf8)) }
            if memory.count > inMemory, !noFile { spill() }
        }
    }

    private mutating func spill() {
        if table == nil { table = SurfaceTable() }
        guard let table else {
            noFile = true
            return
        }
        for (surface, last) in memory where !table.put(Array(surface.text.utf8), Self.slot(last)) {
            noFile = true  // the disk is full: what is left stays in memory
            return
        }
        memory.removeAll(keepingCapacity: true)
    }

    /// A value as the table's slot holds it: a kind and a time.
    private static func slot(_ last: Last) -> SurfaceTable.Value {
        switch last {
        case .retried(let t): return SurfaceTable.Value(kind: 0, t: t)
        case .authShell: return SurfaceTable.Value(kind: 1, t: 0)
        }
    }

    private static func last(_ value: SurfaceTable.Value) -> Last { value.kind == 0 ? .retried(at: value.t) : .authShell }
}
