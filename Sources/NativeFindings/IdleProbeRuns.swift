import NativeErrorPolicy
import PolicyCore
import Replay

/// The probe-loop detector's runs of a single probe retry, held here once the detector holds
/// more than a bound of surfaces: a log that probes ever new surfaces and sees no edge would
/// otherwise keep one run per surface until the end (434 MB at 3,000,000 records).
///
/// A run taken out is one whose surface has no view on screen, so it can grow only after a new
/// `presented` there: the explainer gives it back to the detector just before it feeds that
/// record, and the detector finds the same loops. An edge or a launch ends every run, and one of
/// a single retry reports nothing, so those held here are then let go. Past `inMemory` they
/// wait in an on-disk hash table (`SurfaceTable`); without a temporary file, in memory.
package struct ProbeSingles: Sendable {
    private var memory: [ByteString: ProbeLoopDetector.Single] = [:]
    private var table: SurfaceTable?
    private var noFile = false
    private let inMemory: Int
    /// The detector's size past which its idle singles are taken out: doubled while what it
    /// keeps is runs that cannot go (open views, loops), so the scan costs linear time.
    private var threshold: Int

    package init(inMemory: Int) {
        self.inMemory = inMemory
        threshold = inMemory
    }

    /// Singles held in memory here (the growth tests read it).
    package var inMemoryCount: Int { memory.count }

    /// Takes the detector's idle singles out when it holds more surfaces than the bound.
    package mutating func relieve(_ detector: inout ProbeLoopDetector, policy: RetryPolicy) {
        guard detector.retainedSurfaces > threshold else { return }
        for single in detector.takeSingles(where: { policy.instance(on: $0) == nil }) { hold(single) }
        threshold = max(inMemory, 2 * detector.retainedSurfaces)
    }

    /// Gives the surface's single back to the detector, if one is held here: before a
    /// `presented` on it is fed.
    package mutating func restore(_ surface: String, into detector: inout ProbeLoopDetector) {
        let key = ByteString(surface)
        if let single = memory.removeValue(forKey: key) { return detector.restoreSingle(single) }
        let bytes = Array(surface.utf8)
        guard let table, table.live > 0, let value = table.value(of: bytes) else { return }
        table.remove(bytes)
        detector.restoreSingle(
            ProbeLoopDetector.Single(surface: surface, t: value.t, line: value.kind == 0 ? nil : Int(value.kind) - 1))
    }

    /// Every run ended (an edge, a launch): what is held here reports nothing.
    package mutating func removeAll() {
        memory.removeAll()
        if let table, table.live > 0 { self.table = nil }
    }

    private mutating func hold(_ single: ProbeLoopDetector.Single) {
        // The line rides in the slot's kind (0: none); a line past it stays in memory.
        if memory.count >= inMemory, !noFile, (single.line ?? 0) < Int(UInt32.max) - 1 {
            if table == nil { table = SurfaceTable() }
            let kind = single.line.map { UInt32($0 + 1) } ?? 0
            if let table, table.put(Array(single.surface.utf8), SurfaceTable.Value(kind: kind, t: single.t)) { return }
            noFile = true
        }
        memory[ByteString(single.surface)] = single
    }
}
