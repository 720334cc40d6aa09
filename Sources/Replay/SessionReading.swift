import AppSession
import NativeErrorPolicy
import OfflineBanner
import TurboRecording

/// The two logs of a streamed session being read at once (`streamSession`): each record goes
/// through its log's policy, what the logs produce through the merge, and what is final through
/// the measurer to the output. Held: a few queued lines, one pending drop or edge, and the
/// latencies, on disk.
struct SessionReading<Explainer: SessionLayerExplainer> {
    let options: SessionOptions
    let onSkip: (RecordingError) -> Void
    let onCut: (_ path: String, _ cut: LogCut) -> Void
    var explainer: Explainer?

    private let webReader: RecordingReader
    /// The first record's line, for an error about it.
    private var webFirstLine: Int?
    private let webPicker = RecordPicker(SessionRecord.webKeys)
    private var web: WebSessionLog
    private var webMeta: (line: Int, startedAt: String?)?
    private var webDone = false

    private let nativeLines: JSONLines
    private var nativeMetaLine = 1
    private var nativeReader: NativeRecordingReader?
    private let nativePicker = RecordPicker(SessionRecord.nativeKeys)
    private var native: NativeSessionLog?
    /// Under `probe-once`, the native policy's surfaces probed since the last edge, past a bound.
    private var probed = ProbedSpill()
    private var nativeDone = false
    /// What the native log said while the web recording was still being read: said after it,
    /// where `replaySession` says it (it reads the web recording first).
    private let heldSkips = HeldSkips()
    private var heldCuts: (path: String, cuts: [LogCut])?

    private var offset = 0.0
    private var pair: SessionPairCheck
    private var merge = SessionMerge()
    private var measurer: SessionMeasurer
    private var measures: [SessionMeasure] = []
    private var end: Double?
    private let latencies: (dropToPill: ValueSpool, edgeToClear: ValueSpool, edgeToPage: ValueSpool)
    /// Each closed error view's time, and its surface's total, on disk as the views close: the
    /// summary lists every surface, and a log may have millions.
    private let viewTimes: ValueSpool
    /// The same views' times by the app's own log (`shownMs`), on disk as they close, and
    /// their total, added in the order they closed.
    private let shownTimes: ValueSpool
    private var shownMs = 0.0
    private let surfaceTimes = SurfaceTotalsSpool()

    /// The two logs `openSessionLogs` opened.
    init(
        web webLines: JSONLines, native nativeLines: JSONLines, options: SessionOptions, onSkip: @escaping (RecordingError) -> Void,
        onCut: @escaping (_ path: String, _ cut: LogCut) -> Void
    ) throws {
        self.options = options
        self.onSkip = onSkip
        self.onCut = onCut
        self.nativeLines = nativeLines
        web = WebSessionLog(settings: options.banner)
        webPicker.watch(webLines)
        // The banner's findings read what only describes a record; the session alone does not.
        webReader = RecordingReader(lines: webLines, lenient: options.lenient, keepObserved: Explainer.self != NoExplainer.self, onSkip: onSkip)
        measurer = SessionMeasurer(lateMs: options.session.lateMs, skewToleranceMs: options.session.skewToleranceMs)
        pair = SessionPairCheck(webPath: webLines.path, nativePath: nativeLines.path)
        latencies = (try ValueSpool(), try ValueSpool(), try ValueSpool())
        viewTimes = try ValueSpool()
        shownTimes = try ValueSpool()
    }

    // MARK: - The whole run

    mutating func run(into output: some SessionOutput) throws -> StreamedSession {
        try openNative()
        let delta: Result<Double, RecordingError>
        if let offsetMs = options.offsetMs {
            delta = .success(offsetMs)
        } else {
            // The first web record is its meta, or the meta is further on (looked for first).
            if try !stepWeb() { try finishWeb() }
            if webMeta == nil, !webDone {
                guard !webReader.arrives else { throw Self.unaligned(path: webReader.path, line: webFirstLine) }
                if let found = firstWebMeta(path: webReader.path, lenient: options.lenient) { webMeta = found }
            }
            delta = sessionOffset(
                nil, web: (webReader.path, webMeta), native: (nativeReader?.path ?? nativeLines.path, nativeMetaLine, nativeReader?.startedAt))
        }
        switch delta {
        case .success(let offset):
            self.offset = offset
        case .failure(let error):
            // Both logs are read first: a malformed line says so before the alignment does.
            while !webDone { if try !stepWeb(reading: true) { try finishWeb() } }
            while !nativeDone { if try !stepNative(reading: true) { try finishNative() } }
            throw error
        }
        try output.begin(offset: offset, nativeSettings: native!.settings)
        while let side = merge.behind {
            if side == .webLines {
                if try !stepWeb() { try finishWeb() }
            } else if try !stepNative() {
                try finishNative()
            }
            try pass(into: output)
        }
        try pass(into: output)
        try pair.check(
            web: LogSpan(first: web.firstRecord, last: web.lastRecord),
            native: LogSpan(first: native!.firstRecord, last: native!.lastRecord), offset: offset)
        measurer.finish(into: &measures)
        try hand(into: output)
        return try finished()
    }

    /// A web recording read as it arrives whose first record is not its `meta`: its
    /// `startedAt` may come any time later, and a pipe can be neither looked ahead in nor held
    /// whole in bounded memory.
    private static func unaligned(path: String, line: Int?) -> RecordingError {
        RecordingError(
            .malformed, path: path, line: line,
            #"the session cannot be aligned as this web recording arrives: its first record is not its "meta" (with "startedAt"), and a pipe cannot be looked ahead in; give the recording as a file, or the offset (--offset-ms, or the config's offsetMs)"#
        )
    }

    /// The summary, once both logs are read and every line is out.
    private func finished() throws -> StreamedSession {
        var end = self.end
        for last in [web.lastRecord, native!.lastRecord.map { $0 + offset }] {
            if let last { end = Swift.max(end ?? last, last) }
        }
        func summary(_ spool: ValueSpool, stuck: Int?) throws -> LatencySummary {
            guard let ranks = LatencySummary.ranks(count: spool.count) else { return LatencySummary(count: 0, median: nil, p90: nil, max: nil, stuck: stuck) }
            let values = try spool.selecting([ranks.median, ranks.p90])
            return LatencySummary(count: spool.count, median: values[0], p90: values[1], max: spool.max, stuck: stuck)
        }
        var summary = AppSessionSummary(
            drops: measurer.drops, unannounced: measurer.unannounced, edges: measurer.edges,
            dropToPill: try summary(latencies.dropToPill, stuck: nil),
            edgeToClear: try summary(latencies.edgeToClear, stuck: measurer.stuckClears),
            edgeToPage: try summary(latencies.edgeToPage, stuck: measurer.stuckPages),
            findings: measurer.findingCounts, end: end,
            errorViews: try errorViews(end: (end ?? 0) - offset))
        var skew = measurer.clockSkew
        skew.offset = offset
        summary.clockSkew = skew.count > 0 ? skew : nil
        return StreamedSession(offset: offset, settings: options.session, nativeSettings: native!.settings, summary: summary)
    }

    /// `ErrorViewTime.summary(end:)`, from the times on disk: the views still on screen count
    /// open up to `end` (native clock), as there.
    private func errorViews(end: Double) throws -> ErrorViewSummary {
        let open = native!.errorViews.onScreenSince.map { (surface: $0.surface, ms: Swift.max(0, end - $0.since)) }
        for view in open { viewTimes.append(view.ms) }
        let surfaces = try surfaceTimes.surfaces(open: open)
        let shown = try shownSummary(end: end)
        guard let ranks = QuantileRanks(count: viewTimes.count) else {
            return ErrorViewSummary(count: 0, open: open.count, median: nil, p90: nil, max: nil, surfaces: surfaces, shown: shown)
        }
        let values = try viewTimes.selecting([ranks.median, ranks.p90])
        return ErrorViewSummary(
            count: viewTimes.count, open: open.count, median: values[0], p90: values[1], max: viewTimes.max, surfaces: surfaces,
            shown: shown)
    }

    /// `ShownTime.summary(end:)`, from the times on disk: the views the app's log leaves up
    /// count open up to `end` (native clock), added last, in their surfaces' byte order.
    private func shownSummary(end: Double) throws -> ShownSummary {
        let shown = native!.errorViews.shown
        var total = shownMs
        for duration in shown.openDurations(end: end) {
            shownTimes.append(duration)
            total += duration
        }
        guard let ranks = QuantileRanks(count: shownTimes.count) else {
            return ShownSummary(count: 0, open: 0, totalMs: 0, median: nil, p90: nil, max: nil)
        }
        let values = try shownTimes.selecting([ranks.median, ranks.p90])
        return ShownSummary(
            count: shownTimes.count, open: shown.open, totalMs: total, median: values[0], p90: values[1], max: shownTimes.max)
    }

    /// Every final item through the measurer to `output`.
    private mutating func pass(into output: some SessionOutput) throws {
        while let item = merge.next() {
            switch item {
            case .line(let line, let viewUp):
                if end.map({ line.t > $0 }) ?? true { end = line.t }
                measurer.feed(line, offlineViewUp: viewUp, into: &measures)
                try hand(into: output)
                try output.line(line)
            case .connect(let t):
                measurer.connect(at: t, into: &measures)
                try hand(into: output)
            }
        }
    }

    private mutating func hand(into output: some SessionOutput) throws {
        guard !measures.isEmpty else { return }
        for measure in measures {
            switch measure {
            case .drop(let drop):
                if let latency = drop.dropToPill { latencies.dropToPill.append(latency) }
            case .edge(let edge):
                if let latency = edge.edgeToClear?.milliseconds { latencies.edgeToClear.append(latency) }
                if let latency = edge.edgeToPage?.milliseconds { latencies.edgeToPage.append(latency) }
            case .finding:
                break
            }
            try output.measure(measure)
        }
        measures.removeAll(keepingCapacity: measures.count <= 1024)
    }

    // MARK: - The web recording

    /// Reads one web record into its log (`reading`: only reads it); `false` at the end.
    private mutating func stepWeb(reading: Bool = false) throws -> Bool {
        guard let record = try webReader.next() else { return false }
        if webFirstLine == nil { webFirstLine = record.line }
        if reading { return true }
        explainer?.feed(web: record)
        pair.web(record)
        let listed = webPicker.take(line: record.line).map { SessionRecord(t: record.t ?? 0, picked: $0) }
        web.feed(record, listed: listed, meta: &webMeta)
        web.drain(into: &merge)
        return true
    }

    private mutating func finishWeb() throws {
        webDone = true
        web.finish()
        web.drain(into: &merge)
        merge.finishWeb()
        let reader = webReader
        // A log cut by a crash ends at its last record: nothing past it is measured as known.
        if reader.cut != nil, let last = web.lastRecord { measurer.logCut(at: last) }
        explainer?.finishWeb(skipped: reader.skipped, cut: reader.cut)
        // A cut log is read to its cut, as every command reads it; the caller says so.
        if let cut = reader.cut { onCut(reader.path, LogCut(line: cut, t: nil)) }
        // Then what the native log said meanwhile.
        try heldSkips.replay(path: nativeReader?.path ?? nativeLines.path, onSkip)
        if let heldCuts { for cut in heldCuts.cuts { onCut(heldCuts.path, cut) } }
    }

    // MARK: - The native log

    /// Starts on the native log and reads its meta; a failure waits for the web recording's own.
    private mutating func openNative() throws {
        do {
            let lines = nativeLines
            nativePicker.watch(lines)
            let held = heldSkips, onSkip = self.onSkip
            let reader = NativeRecordingReader(lines: lines, lenient: options.lenient) { error in
                if held.holding { held.hold(error) } else { onSkip(error) }
            }
            nativeReader = reader
            // The reader's first record is always the meta: the platform is known before any input.
            guard let record = try reader.next() else {
                throw RecordingError(.malformed, path: reader.path, line: nil, "the native log has no meta")
            }
            explainer?.feed(native: record)
            pair.native(record)
            nativeMetaLine = record.line
            native = NativeSessionLog(settings: options.native.settings(recorded: reader.meta?.platform), keepingClosedViews: false)
        } catch {
            try failNative(error)
        }
    }

    /// Reads one native record into its log (`reading`: only reads it); `false` at the end.
    private mutating func stepNative(reading: Bool = false) throws -> Bool {
        do {
            guard let record = try nativeReader!.next() else { return false }
            if reading { return true }
            explainer?.feed(native: record)
            pair.native(record)
            if case .timed(let t, let event) = record.event {
                let listed = nativePicker.take(line: record.line).map { SessionRecord(t: t, picked: $0) }
                probed.before(event.retryInput, &native!)
                native!.feed(event.retryInput, at: t, record: listed, shown: event.shownRecord)
                probed.after(&native!)
                takeClosedViews()
                // The explainer's policy, fed the same records with the same settings, has as many.
                try OpenViewLimit(options.native).check(native!.openViews, line: record.line, path: nativeReader!.path)
                native!.drain(into: &merge, offset: offset)
            }
            return true
        } catch {
            try failNative(error)
        }
    }

    private mutating func finishNative() throws {
        nativeDone = true
        native!.finish()
        takeClosedViews()
        native!.drain(into: &merge, offset: offset)
        merge.finishNative()
        let reader = nativeReader!
        if reader.cut != nil, let last = native!.lastRecord { measurer.logCut(at: last + offset) }
        explainer?.finishNative(skipped: reader.skipped, cuts: reader.cuts)
        if webDone { for cut in reader.cuts { onCut(reader.path, cut) } } else { heldCuts = (reader.path, reader.cuts) }
    }

    private mutating func takeClosedViews() {
        let times = viewTimes, totals = surfaceTimes
        native!.takeClosedViews {
            times.append($1)
            totals.add($0, $1)
        }
        let shown = shownTimes
        var shownMs = self.shownMs
        native!.takeShownViews {
            shown.append($0)
            shownMs += $0
        }
        self.shownMs = shownMs
    }

    /// The native log cannot be read on: the web recording is read to its end first, whose
    /// own error comes first, as `replaySession` reads it first.
    private mutating func failNative(_ error: any Error) throws -> Never {
        while !webDone { if try !stepWeb(reading: true) { try finishWeb() } }
        throw error
    }
}

/// The type of "no explainer": the session alone.
public struct NoExplainer: SessionLayerExplainer {
    public init() {}
    public mutating func feed(web record: Record) {}
    public mutating func finishWeb(skipped: Int, cut: Int?) {}
    public mutating func feed(native record: NativeRecord) {}
    public mutating func finishNative(skipped: Int, cuts: [LogCut]) {}
    public func findings(offset: Double) -> [LayerFinding] { [] }
}

/// The native log's skipped lines said while the web recording is still being read: the first
/// few in memory, the rest on disk (a lenient read of a log of garbage skips every line).
final class HeldSkips {
    private(set) var holding = true
    private var memory: [RecordingError] = []
    private var spool: LineSpool?

    func hold(_ error: RecordingError) {
        guard memory.count >= 256 else {
            memory.append(error)
            return
        }
        if spool == nil { spool = LineSpool.ifPossible() }
        guard let spool else { return memory.append(error) }
        // Each is the native log's (its path) and malformed: its line and message say the rest.
        spool.write("\(error.line ?? -1) \(error.kind == .malformed ? "m" : "u") \(error.path)\u{0}\(error.message)")
    }

    /// Says what was held, in order, and holds nothing more.
    func replay(path: String, _ onSkip: (RecordingError) -> Void) throws {
        guard holding else { return }
        holding = false
        for error in memory { onSkip(error) }
        memory = []
        try spool?.replay { text in
            let head = text.prefix { $0 != "\u{0}" }
            let message = String(text[head.endIndex...].dropFirst())
            let parts = head.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            let line = Int(parts[0]).flatMap { $0 < 0 ? nil : $0 }
            onSkip(RecordingError(parts[1] == "m" ? .malformed : .unreadable, path: String(parts[2]), line: line, message))
        }
        spool = nil
    }
}
