import OfflineBanner

/// Reads a web recording (recording-format.md, v1) record by record, validating each line.
/// Strict by default: the first malformed line throws. Lenient: it is reported to `onSkip`,
/// counted, and reading goes on.
public final class RecordingReader {
    public let path: String
    public let lenient: Bool
    /// Whether records the controller ignores, and the informative fields of those it acts on
    /// (a failed fetch's URL, a submission's action), are read: `explain`, `stats` and `render`
    /// show them; a replay needs only what the controller reads (`false`), and is faster for it.
    public let keepObserved: Bool
    /// With `keepObserved`, whether the fields that only describe a record are read too (a
    /// failed fetch's URL, method and error, a submission's action and method, an observed
    /// record's URL, status and state): `explain` shows them; `stats` counts findings and
    /// needs only the records and fields that decide them (`false`: a Visit's `action`, a
    /// frame's `target`, a reload's `reason`; an observed record no finding reads passes as
    /// time alone).
    public let keepDetails: Bool
    public var skipped: Int { state.pointee.skipped }
    /// The line the log was cut at (`JSONLines.cut`), once it has been read to its end.
    public var cut: Int? { lines.cut }
    /// The holes of a collector's folder (`log-gap`), all of them once it has been read to its end.
    public var gaps: [LogGap] { lines.gaps }
    /// Whether the input is read as it arrives (standard input, a FIFO, `<(tail -f …)`), not
    /// as a regular file: a caller following it shows each record's result as it comes.
    public var arrives: Bool { lines.arrives }
    private let onSkip: (RecordingError) -> Void
    private let lines: JSONLines
    private let decoder: WebRecordDecoder
    /// What reading has seen so far. Behind a pointer, as JSONLines keeps its position: the
    /// class's own stored `var`s would cost an exclusivity check at each access, on every line.
    private let state = UnsafeMutablePointer<State>.allocate(capacity: 1)

    private struct State {
        var order = TimeOrder()
        var readARecord = false
        /// The first record says this is a native recording: an error even in lenient mode.
        var isNative = false
        var skipped = 0
        var targets = RecentStrings()
    }

    /// Opens `path`, or standard input for `-`.
    public convenience init(
        path: String, lenient: Bool = false, keepObserved: Bool = true, keepDetails: Bool = true,
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) throws {
        self.init(
            lines: try JSONLines(path: path), lenient: lenient, keepObserved: keepObserved, keepDetails: keepDetails,
            onSkip: onSkip)
    }

    /// Reads from lines already opened (in memory, for tests and the fuzzer).
    public init(
        lines: JSONLines, lenient: Bool = false, keepObserved: Bool = true, keepDetails: Bool = true,
        onSkip: @escaping (RecordingError) -> Void = { _ in }
    ) {
        path = lines.path
        self.lenient = lenient
        self.keepObserved = keepObserved
        self.keepDetails = keepObserved && keepDetails
        self.onSkip = onSkip
        self.lines = lines
        decoder = WebRecordDecoder(keepObserved: keepObserved, keepDetails: keepObserved && keepDetails)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The next record, or `nil` at the end.
    public func next() throws -> Record? {
        var found: Record?
        _ = try read { record in
            found = record
            return false
        }
        return found
    }

    /// Hands every record left to `body`, in order, as it is read; stops early when `body`
    /// returns false. The replay's loop: a record goes from the parser to the policy without
    /// being returned up through the layers as an optional.
    public func forEach(_ body: (Record) throws -> Void) throws {
        _ = try read { record in
            try body(record)
            return true
        }
    }

    /// `forEach` for a log read to its end before anything is shown (`stats`): lines are parsed
    /// and decoded a batch at a time, and only then handed to `body`. The parser (json-c, strtod,
    /// malloc) and the analyzer each run a batch long, instead of taking turns on every line and
    /// evicting each other from the instruction cache. The same records, in the same order, with
    /// every malformed line skipped or thrown only after the records before it were handed over.
    /// Not for a pipe read as it arrives (`explain -`): a batch waits until it is full.
    public func forEachInBatches(_ body: (Record) throws -> Void) throws {
        let lines = self.lines, decoder = self.decoder, state = self.state
        let batch = UnsafeMutablePointer<Record>.allocate(capacity: Self.batchSize)
        // Plain locals, never captured by a closure: a captured `var` is boxed, and each access
        // to it checked for exclusivity at run time.
        var count = 0
        var handedOver = 0
        defer {
            // Records not handed over (`body` threw) are released with the batch.
            (batch + handedOver).deinitialize(count: count - handedOver)
            batch.deallocate()
        }
        while true {
            // What stopped this batch early: the input's end, or a line that was not a record.
            var ended = false
            var problem: RecordingError?
            do {
                while count < Self.batchSize {
                    let read = try lines.next { object, line -> Record in
                        let record = try decoder.decode(object, line: line, targets: &state.pointee.targets)
                        try Self.ordered(record, state: state)
                        return record
                    }
                    guard let read else {
                        ended = true
                        break
                    }
                    (batch + count).initialize(to: read)
                    count += 1
                }
            } catch let line as LineProblem {
                problem = lines.malformed(line.message)
            } catch let error as RecordingError {
                problem = error
            }
            // The batch, oldest first; what `body` throws goes through as it is.
            while handedOver < count {
                let record = (batch + handedOver).move()
                handedOver += 1
                try body(record)
            }
            count = 0
            handedOver = 0
            if let problem { try skipOrThrow(problem) }
            if ended { return }
        }
    }

    /// Records decoded before any is handed over (`forEachInBatches`): enough that each side's
    /// code stays in the cache for a while, few enough that the batch stays in the data cache.
    private static let batchSize = 256

    /// Reads records into `body` while it returns true; false at the end of the input.
    private func read(_ body: (Record) throws -> Bool) throws -> Bool {
        // Locals, held once for the whole read: reached through `self` in the loop, each would
        // be retained and released again for every line.
        let lines = self.lines, decoder = self.decoder, state = self.state
        while true {
            var wantsMore = true
            do {
                // `Void?`: `nil` at the end of the input, `()` after a line.
                let read: Void? = try lines.next { object, line -> Void in
                    let record = try decoder.decode(object, line: line, targets: &state.pointee.targets)
                    try Self.ordered(record, state: state)
                    wantsMore = try body(record)
                }
                if read == nil { return false }
                if !wantsMore { return true }
            } catch let problem as LineProblem {
                // The decoder's, about the line read last: the file and the line are added here,
                // once, not carried through every line's call.
                try skipOrThrow(lines.malformed(problem.message))
            } catch let error as RecordingError {
                try skipOrThrow(error)
            }
        }
    }

    /// Lenient reading counts a malformed line of this file and goes on; anything else stops it.
    private func skipOrThrow(_ error: RecordingError) throws {
        guard lenient, !state.pointee.isNative, lines.isLineError(error) else { throw error }
        state.pointee.skipped += 1
        onSkip(error)
    }

    /// The checks that need the records before: a native `meta` first, and time never going back.
    private static func ordered(_ record: Record, state: UnsafeMutablePointer<State>) throws {
        defer { state.pointee.readARecord = true }
        guard let t = record.t else {
            if case .meta(let meta) = record.event, meta.recording == "native", !state.pointee.readARecord {
                state.pointee.isNative = true
                if state.pointee.skipped > 0 {
                    // Skipped by --lenient: the line that would have told the kind was not a record.
                    throw LineProblem(
                        #"a native recording's meta ("recording":"native") after \#(state.pointee.skipped) line(s) that could not be read: "#
                            + "the first line decides which kind a log is, so this one was read as a web recording; "
                            + "repair or remove the lines before it")
                }
                throw LineProblem(
                    #"a native recording ("recording":"native"): the app's log is read by turbo-replay native, launch and archive, and its findings by explain"#
                )
            }
            return
        }
        guard state.pointee.order.admits(t) else {
            throw LineProblem(state.pointee.order.problem(t))
        }
        state.pointee.order.advance(to: t)
    }
}
