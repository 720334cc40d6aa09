import NativeErrorPolicy
import PolicyCore
import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The probe-loop detector's runs on surfaces with no view on screen, held here once the
/// detector holds more than a bound of surfaces: a log that probes ever new surfaces and sees
/// no edge would otherwise keep one run per surface until the end (434 MB at 3,000,000 records
/// of runs of one retry; grown with the log too for runs of two or more, the loops).
///
/// A run taken out can grow only after a new `presented` on its surface: the explainer gives
/// it back to the detector just before it feeds that record, and the detector finds the same
/// loops. An edge or a launch ends every run: one of a single retry reports nothing and is let
/// go; a loop is handed out (`end`) merged in order with the detector's own. Past `inMemory`
/// runs wait on disk: a single in an on-disk hash table (`SurfaceTable`), a loop as a record in
/// a file (`HeldLoops`) that the table points at. Without a temporary file, in memory.
package struct IdleProbeRuns: Sendable {
    private var memory: [ByteString: ProbeLoopDetector.Run] = [:]
    private var table: SurfaceTable?
    private var loops: HeldLoops?
    private var noFile = false
    private let inMemory: Int
    /// The detector's size past which its idle runs are taken out: doubled while what it
    /// keeps is runs that cannot go (open views), so the scan costs linear time.
    private var threshold: Int
    /// A table slot's kind for a loop (its `t` is the record's place); any other kind is a
    /// single, its line + 1 (0: none).
    private static let loopKind = UInt32.max
    /// The detector's `loopsBegun` when every run last ended: the loops held since are past it.
    private var endedAt = 0

    package init(inMemory: Int) {
        self.inMemory = inMemory
        threshold = inMemory
    }

    /// Runs held in memory here (the growth tests read it).
    package var inMemoryCount: Int { memory.count }

    /// Takes the detector's idle runs out when it holds more surfaces than the bound.
    package mutating func relieve(_ detector: inout ProbeLoopDetector, policy: RetryPolicy) {
        guard detector.retainedSurfaces > threshold else { return }
        for (surface, run) in detector.takeIdleRuns(where: { policy.instance(on: $0) == nil }) { hold(run, on: surface) }
        threshold = max(inMemory, 2 * detector.retainedSurfaces)
    }

    /// Gives the surface's run back to the detector, if one is held here: before a
    /// `presented` on it is fed.
    package mutating func restore(_ surface: String, into detector: inout ProbeLoopDetector) {
        if let run = memory.removeValue(forKey: ByteString(surface)) { return detector.restore(run, on: surface) }
        let bytes = Array(surface.utf8)
        guard let table, table.live > 0, let value = table.value(of: bytes) else { return }
        table.remove(bytes)
        if value.kind == Self.loopKind, let loops {
            return detector.restore(loops.take(at: Int64(value.t)).run, on: surface)
        }
        let line = value.kind == 0 ? nil : Int(value.kind) - 1
        let single = ProbeLoopDetector.Run(
            first: value.t, second: 0, last: value.t, count: 1, lines: line.map { [$0] } ?? [], moreLines: 0,
            lastLine: line, order: 0)
        detector.restore(single, on: surface)
    }

    /// Every run ended (an edge, a launch, the end of the log): the loops held here, merged
    /// with the detector's `ended` into one order, to be read one at a time; nothing is held
    /// here any more. `loopsBegun` is the detector's: loops held from now on are past it.
    package mutating func end(merging ended: [ProbeLoopDetector.Ended], loopsBegun: Int) -> EndedLoops {
        let fromMemory = memory.compactMap { surface, run in
            run.loop(on: surface.text).map { ProbeLoopDetector.Ended(order: run.order, loop: $0) }
        }.sorted { $0.precedes($1) }
        let fromDisk = loops?.reading { [table] in Self.holdsLoop(table, $0, at: $1) }
        memory.removeAll()
        table = nil
        // The reader keeps the file it reads; the next loops held go to a new one.
        loops = nil
        endedAt = loopsBegun
        return EndedLoops(fromDetector: ended[...], fromMemory: fromMemory[...], fromDisk: fromDisk)
    }

    /// The loops of runs that ended, in the detector's order: those it held, those held in
    /// memory here and those on disk, a three-way merge.
    package struct EndedLoops: IteratorProtocol {
        fileprivate var fromDetector: ArraySlice<ProbeLoopDetector.Ended>
        fileprivate var fromMemory: ArraySlice<ProbeLoopDetector.Ended>
        fileprivate var fromDisk: HeldLoops.Reader?
        private var disk: ProbeLoopDetector.Ended?

        fileprivate init(
            fromDetector: ArraySlice<ProbeLoopDetector.Ended>, fromMemory: ArraySlice<ProbeLoopDetector.Ended>,
            fromDisk: HeldLoops.Reader?
        ) {
            self.fromDetector = fromDetector
            self.fromMemory = fromMemory
            self.fromDisk = fromDisk
            disk = self.fromDisk?.next()
        }

        package mutating func next() -> ProbeLoop? {
            var least = disk
            if let head = fromMemory.first, least.map({ head.precedes($0) }) ?? true { least = head }
            if let head = fromDetector.first, least.map({ head.precedes($0) }) ?? true { least = head }
            guard let next = least else { return nil }
            if fromDetector.first?.order == next.order {
                fromDetector.removeFirst()
            } else if fromMemory.first?.order == next.order {
                fromMemory.removeFirst()
            } else {
                disk = fromDisk?.next()
            }
            return next.loop
        }
    }

    /// Whether `table` still points `surface` at the loop record at `offset` (the run was not
    /// given back since it was written there).
    private static func holdsLoop(_ table: SurfaceTable?, _ surface: [UInt8], at offset: Int64) -> Bool {
        table?.value(of: surface) == SurfaceTable.Value(kind: loopKind, t: Double(offset))
    }

    private mutating func hold(_ run: ProbeLoopDetector.Run, on surface: String) {
        if memory.count >= inMemory, !noFile, put(run, on: surface) { return }
        memory[ByteString(surface)] = run
    }

    /// On disk: `false` when no file would take it (then, and from then on, in memory).
    private mutating func put(_ run: ProbeLoopDetector.Run, on surface: String) -> Bool {
        if table == nil { table = SurfaceTable() }
        guard let table else {
            noFile = true
            return false
        }
        let key = Array(surface.utf8)
        let value: SurfaceTable.Value
        if run.count >= 2 {
            if loops == nil { loops = HeldLoops(past: endedAt) }
            if let loops, loops.wasteful {
                // Runs given back and taken out again left their old records behind.
                _ = loops.compact(held: { Self.holdsLoop(table, $0, at: $1) }) {
                    guard table.put($0, SurfaceTable.Value(kind: Self.loopKind, t: Double($1))) else {
                        preconditionFailure("a temporary file of surfaces could not be written")
                    }
                }
            }
            guard let offset = loops?.append(run, on: key) else {
                noFile = true
                return false
            }
            value = SurfaceTable.Value(kind: Self.loopKind, t: Double(offset))
        } else {
            // The line rides in the slot's kind; a line past it stays in memory.
            guard (run.lastLine ?? 0) < Int(UInt32.max) - 2 else { return false }
            value = SurfaceTable.Value(kind: run.lastLine.map { UInt32($0 + 1) } ?? 0, t: run.first)
        }
        guard table.put(key, value) else {
            noFile = true
            return false
        }
        return true
    }
}
