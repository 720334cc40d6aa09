import AppSession
import BannerFindings
import NativeFindings
import OfflineBanner
import PolicyCore
import Replay
import TurboRecording

/// Each layer's own findings for `session` (app-session.md v1.1), read in the session's own pass:
/// the banner's on the web recording, as `explain` finds them; those of each policy of the
/// native log (`SessionLayerSections`), as `explain` (`native --explain`) finds them;
/// each log's `log-cut`. Kept as `explain`'s JSON lines, so they read the same in both places;
/// the native ones are moved to the session clock once Δ is known.
package struct SessionLayerFindings: SessionLayerExplainer {
    private var banner: BannerAnalyzer
    /// The native layer's policies, each one's findings (`SessionLayerSections`).
    private var sections: [any SessionLayerSection]
    private let nativePath: String
    /// Each layer's findings as `explain`'s JSON lines, on disk (copies of this share them).
    private let web: LayerSpool
    private let native: LayerSpool

    /// What a sort on disk of one layer's findings (or of the launch's) holds in memory before it
    /// writes a run: 1 MiB, some 4,000 findings. Up to three are held at once (the launch's while
    /// the log is read; each layer's at the end), each up to twice its budget as its buffer grows.
    package static let sortBudget = 1 << 20

    /// The native findings' keys that are times on the native clock (durations stay as they are).
    static let nativeTimeKeys: Set<String> = ["t", "until", "at", "first", "last", "launchedAt", "capturedAt"]

    /// `nativePath`: the native log's, for the error that names it.
    /// `sortBudget`: the memory a sort on disk of findings may hold (`SortedSpool`'s budget).
    package init(
        banner settings: BannerSettings, native config: NativeConfig, rules: FindingRules = FindingRules(), nativePath: String = "",
        sortBudget: Int = SessionLayerFindings.sortBudget
    ) {
        self.nativePath = nativePath
        banner = BannerAnalyzer(settings: settings, rules: rules)
        sections = SessionLayerSections.make(config: config, sortBudget: sortBudget)
        web = LayerSpool(layer: .web, sortBudget: sortBudget)
        native = LayerSpool(layer: .native, sortBudget: sortBudget)
    }

    package mutating func feed(web record: Record) {
        var found: [String] = []
        banner.feed(record) { if case .finding(let finding) = $0 { found.append(ReportJSON.finding(finding)) } }
        web.append(found)
    }

    package mutating func finishWeb(skipped: Int, cut: Int?) {
        var found: [String] = []
        banner.finish { if case .finding(let finding) = $0 { found.append(ReportJSON.finding(finding)) } }
        banner.noteSkipped(skipped)
        if let cut { banner.noteCut(atLine: cut) }
        if let cut = banner.summary.cut { found.append(cut.jsonLine) }
        web.append(found)
    }

    package mutating func feed(native record: NativeRecord) {
        var found: [String] = []
        for index in sections.indices { sections[index].feed(record, found: &found) }
        native.append(found)
    }

    package mutating func finishNative(skipped: Int, cuts: [LogCut]) {
        let native = self.native
        for index in sections.indices { sections[index].finish { native.append([$0]) } }
        native.append(cuts.map(\.jsonLine))
    }

    package func findings(offset: Double) -> [LayerFinding] {
        let web = (try? self.web.all(offset: 0, timeKeys: ["t"])) ?? []
        return web + ((try? native.all(offset: offset, timeKeys: Self.nativeTimeKeys)) ?? [])
    }

    /// The findings held in memory, not on disk: a few, however long the logs.
    package var heldInMemory: Int { sections.reduce(web.heldInMemory + native.heldInMemory) { $0 + $1.heldInMemory } }

    /// How many findings each layer has.
    package var counts: (web: Int, native: Int) { (web.count, native.count) }

    /// Both layers' findings in `LayerFinding.ordered`'s order, one at a time: merged from the
    /// two spools, each in time order as its layer found them, or sorted on disk first (the
    /// launch's come at the log's end).
    package func ordered(offset: Double) throws -> OrderedLayerFindings {
        if let error = sections.lazy.compactMap({ $0.refusal(path: self.nativePath) }).first { throw error }
        if let failure = sections.lazy.compactMap(\.failure).first { throw failure }
        try web.sort(offset: 0, timeKeys: ["t"])
        try native.sort(offset: offset, timeKeys: Self.nativeTimeKeys)
        var merged = OrderedLayerFindings(
            web: try web.reader(offset: 0, timeKeys: ["t"]), native: try native.reader(offset: offset, timeKeys: Self.nativeTimeKeys))
        try merged.start()
        return merged
    }
}

/// Each layer's own findings in the session's order: by `t`, the web's first at equal `t`,
/// each layer's in its own order.
package struct OrderedLayerFindings {
    private var web: LayerSpool.Reader?
    private var native: LayerSpool.Reader?
    private var heads: (web: LayerFinding?, native: LayerFinding?) = (nil, nil)
    /// Only the findings from `from` to `to` (session time, both included; `nil`: no bound).
    package var window: (from: Double?, to: Double?) = (nil, nil)

    init(web: LayerSpool.Reader, native: LayerSpool.Reader) {
        self.web = web
        self.native = native
    }

    mutating func start() throws {
        heads = (try web?.next(), try native?.next())
    }

    package mutating func next() throws -> LayerFinding? {
        while let finding = try nextOfAll() {
            if window.from.map({ finding.t < $0 }) ?? false { continue }
            if window.to.map({ finding.t > $0 }) ?? false { return nil }
            return finding
        }
        return nil
    }

    private mutating func nextOfAll() throws -> LayerFinding? {
        if let a = heads.web, heads.native.map({ a.t <= $0.t }) ?? true {
            heads.web = try web?.next()
            return a
        }
        guard let b = heads.native else { return nil }
        heads.native = try native?.next()
        return b
    }
}

/// One layer's findings as `explain`'s JSON lines, kept on disk, and whether their times
/// never decreased as they came (or were sorted since, for the offset `sortedFor`).
final class LayerSpool {
    let layer: LayerFinding.Layer
    private let spool: LineSpool?
    private var memory: [String] = []
    private(set) var count = 0
    private(set) var inOrder = true
    private var sortedFor: Double?
    private var last: Double?
    private let sortBudget: Int
    /// The lines kept in memory (none while a temporary file can be made).
    var heldInMemory: Int { memory.count }

    init(layer: LayerFinding.Layer, sortBudget: Int = SessionLayerFindings.sortBudget) {
        self.layer = layer
        self.sortBudget = sortBudget
        spool = LineSpool.ifPossible()
    }

    func append(_ lines: [String]) {
        for line in lines {
            // Its own time decides the order, the same on either clock (Δ keeps the order).
            // A line that is not a finding (no numeric `t`) is not one in the session either.
            if let t = LayerFinding(explained: line, layer: layer)?.t {
                if let last, t < last { inOrder = false }
                last = t
                count += 1
            }
            if let spool { spool.write(line) } else { memory.append(line) }
        }
    }

    /// Puts the lines in `LayerFinding.ordered`'s order on the session clock (by time, then as
    /// they came), through a sort on disk, unless they came in it. Memory holds a run of
    /// `SortedSpool`'s budget, never the layer.
    func sort(offset: Double, timeKeys: Set<String>) throws {
        guard !inOrder, sortedFor != offset else { return }
        let sorted = SortedSpool(budget: sortBudget)
        var lines = try spool?.reading()
        var kept = memory[...]
        memory = []
        var index: UInt64 = 0
        while let line = try lines != nil ? lines!.next() : kept.popFirst() {
            defer { index += 1 }
            // A line that is not a finding is never read as one: it is left out.
            guard let t = LayerFinding(explained: line, layer: layer, offset: offset, timeKeys: timeKeys)?.t else { continue }
            var key = SortKey()
            key.append(t)
            key.append(index)
            try sorted.add(key: key.bytes, value: Array(line.utf8))
        }
        try spool?.reset()
        var cursor = try sorted.sorted()
        while let entry = try cursor.next() {
            let line = String(decoding: entry.value, as: UTF8.self)
            if let spool { spool.write(line) } else { memory.append(line) }
        }
        sortedFor = offset
    }

    func reader(offset: Double, timeKeys: Set<String>) throws -> Reader {
        Reader(lines: try spool?.reading(), memory: memory[...], layer: layer, offset: offset, timeKeys: timeKeys)
    }

    func all(offset: Double, timeKeys: Set<String>) throws -> [LayerFinding] {
        var reader = try reader(offset: offset, timeKeys: timeKeys)
        var all: [LayerFinding] = []
        while let finding = try reader.next() { all.append(finding) }
        return all
    }

    struct Reader {
        var lines: LineSpool.Reader?
        var memory: ArraySlice<String>
        let layer: LayerFinding.Layer
        let offset: Double
        let timeKeys: Set<String>

        mutating func next() throws -> LayerFinding? {
            while true {
                let line: String?
                if lines != nil { line = try lines!.next() } else { line = memory.popFirst() }
                guard let line else { return nil }
                if let finding = LayerFinding(explained: line, layer: layer, offset: offset, timeKeys: timeKeys) { return finding }
            }
        }
    }
}
