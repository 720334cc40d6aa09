import NativeErrorPolicy

/// Under `probe-once`, the policy's surfaces probed since the last edge, past `inMemory` of them,
/// held in an on-disk hash table (`SurfaceTable`): a log that probes ever new surfaces and sees no
/// edge would otherwise keep every one in the policy. The set is read only when a view is
/// presented on a surface, so a surface held here goes back to the policy just before that
/// record (`before`), and all of them are let go when the policy forgets its own (`after`, on
/// an edge or a launch): the decisions are the same. Without a temporary file they stay in the
/// policy.
package struct ProbedSpill: Sendable {
    package static let inMemory = 16_384

    private var table: SurfaceTable?
    private var noFile = false
    private var epoch = 0
    private let inMemory: Int

    package init(inMemory: Int = ProbedSpill.inMemory) {
        self.inMemory = inMemory
    }

    /// Surfaces held on disk (the tests read it).
    package var onDisk: Int { table?.live ?? 0 }

    /// Before `input` is sent: a surface about to be presented comes back if it is held here.
    package mutating func before<Holder: ProbedSurfacesHolder>(_ input: PolicyInput?, _ holder: inout Holder) {
        guard case .presented(let surface, _)? = input, let table, table.live > 0 else { return }
        let key = Array(surface.utf8)
        guard table.value(of: key) != nil else { return }
        table.remove(key)
        holder.restoreProbed(surface)
    }

    /// After a record: what the policy forgot is let go here too; past the bound, its surfaces
    /// are taken out to disk.
    package mutating func after<Holder: ProbedSurfacesHolder>(_ holder: inout Holder) {
        if holder.probeEpoch != epoch {
            epoch = holder.probeEpoch
            if let table, table.live > 0 { self.table = nil }
        }
        guard !noFile, holder.probedCount > inMemory else { return }
        if table == nil { table = SurfaceTable() }
        let surfaces = holder.takeProbedSinceEdge()
        guard let table else { return keep(surfaces, in: &holder) }
        for (index, surface) in surfaces.enumerated() where !table.put(Array(surface.utf8), SurfaceTable.Value(kind: 0, t: 0)) {
            // The disk is full: this one and the rest stay in the policy.
            return keep(surfaces[index...], in: &holder)
        }
    }

    private mutating func keep<Holder: ProbedSurfacesHolder, Surfaces: Sequence<String>>(_ surfaces: Surfaces, in holder: inout Holder) {
        noFile = true
        for surface in surfaces { holder.restoreProbed(surface) }
    }
}
