import Foundation
import NativeErrorPolicy
import PolicyCore

/// The app's own log in the native format, for `turbo-replay explain`: give it the records
/// where the framework hands them over (docs/native-logging.md has the glue), and it writes
/// each as one line with `t` from the log's start on one monotonic clock.
///
/// One file is one log across launches: a new process that finds the file this logger wrote
/// goes on writing it, with `t` going on from where the wall clock says it is since the log's
/// `startedAt` (never below the file's last `t`), after removing any half line a process that
/// died left at its end and writing a `cut` line that says how many bytes it removed.
///
/// Never throws and never stops the app: a record it cannot write faithfully (a non-finite
/// time, a missing text, a value the readers refuse, a full disk) is dropped and counted, and
/// the count is written as a `dropped` line just before the next line that is written.
/// Thread-safe, and safe for several processes on one file: records are written whole, with
/// times that never go back.
public final class AppLog: @unchecked Sendable {
    /// The readers refuse a line longer than 1 MiB.
    public static let lineLimit = 1 << 20
    /// The most rotated files a log keeps.
    public static let keepLimit = 16

    private let lock = NSLock()
    private let clock: any MonotonicClock
    private let file: LogFile
    private let maxBytes: Int
    private let keep: Int
    private let identity: LogMeta
    private let ids: any LogIDSource
    /// The first line of the file being written: the continued file's own, or a fresh one.
    private var meta: [UInt8] = []
    /// The `startedAt` of every file of this log: the continued log's, or this process's.
    private var startedAt: Int64?
    /// The page's recorder session this logger last wrote (`webSession(_:)`): a fresh file
    /// after a rotation says it again, right after its `meta`.
    private var webSessionID: String?
    /// `t` = `offset` + (clock reading − `origin`); `origin` is the first finite reading.
    private var origin: Double?
    private var offset: Double = 0
    /// The last time read from this process's clock: a reading before it is dropped.
    private var lastT: Double = 0
    /// The last `t` in the file, whoever wrote it: no line is written before it.
    private var fileT: Double = 0
    private var lastPath: Bool?
    private var pending: [DropReason: Int] = [:]
    /// Bytes of half lines removed from the file and not yet reported in a `cut` line.
    private var pendingCut = 0
    /// Whether the file at the path is this log (continued or begun by this logger).
    private var owned = false

    /// - Parameters:
    ///   - path: the log file. A file this logger wrote for the same platform and release is
    ///     continued (a relaunch goes on in the same file, with its id); any other file there
    ///     is moved aside as a rotation would move it.
    ///   - platform: written in `meta`.
    ///   - app: the app's version and build, written in `meta` (`app`); nil: left out. One the
    ///     readers would not take (an empty version, a text with U+0000 or over
    ///     `AppVersion.textLimit` bytes) is left out and counted (`value`).
    ///   - startedAt: the wall-clock time now, in Unix milliseconds: a new log's `startedAt`
    ///     (the time of its `t` = 0), and how far a continued log's `t` has moved on since its
    ///     own `startedAt`. Nil: not known (left out of a new log; a continued log goes on from
    ///     its last `t`). A time outside the years 0000–9999 is taken as nil and counted.
    ///   - maxBytes: a file is rotated before lines would take it past this size (a fresh file
    ///     takes any one line, so a file is at most this or its first lines, whichever is larger).
    ///   - keep: how many rotated files (`path.1`, …) to keep, from 0 to `keepLimit` (a value
    ///     outside is taken as the nearest).
    ///   - logIDs: where each fresh file's id (its `meta`'s `session`) comes from.
    public init(
        path: String, platform: Platform, app: AppVersion? = nil, startedAt: Int64? = Int64(Date().timeIntervalSince1970 * 1000),
        clock: any MonotonicClock = SystemMonotonicClock(), maxBytes: Int = 4 << 20, keep: Int = 1, logIDs: any LogIDSource = RandomLogIDs()
    ) {
        self.clock = clock
        self.file = LogFile(path: path)
        self.maxBytes = max(maxBytes, 1)
        self.keep = min(max(keep, 0), Self.keepLimit)
        self.ids = logIDs
        let release = app.flatMap { $0.isWritable ? $0 : nil }
        self.identity = LogMeta(platform: platform, app: release)
        let wall = startedAt.flatMap { StartedAt.range.contains($0) ? $0 : nil }
        if startedAt != nil, wall == nil { pending[.value, default: 0] += 1 }
        if app != nil, release == nil { pending[.value, default: 0] += 1 }
        self.startedAt = wall
        lock.withLock {
            let reading = clock.now()
            origin = reading.isFinite ? reading : nil
            file.withLock { owned = takeOver(wall: wall) }
        }
    }

    /// Writes `record` at the clock's time now.
    public func log(_ record: LogRecord) {
        write(.record(record))
    }

    /// Writes `{"t":…,"type":"web-session","session":"ID"}`: the page told the app (its bridge
    /// component's message) that its recorder's session is `id`, which links this log to the
    /// page's recording. An id the collector would refuse (not 1 to 128 of `A-Z a-z 0-9 _ -`)
    /// is dropped and counted (`value`); the id last written is not written again. A fresh file
    /// after a rotation says it again, right after its `meta`.
    public func webSession(_ id: String) {
        write(.webSession(id))
    }

    private func write(_ entry: LogEntry) {
        lock.withLock {
            // The clock is read under the lock, so times never go back from line to line.
            let now = clock.now()
            if origin == nil, now.isFinite { origin = now }
            guard let origin, now.isFinite else { return drop(.time) }
            let t = offset + (now - origin)
            guard abs(t) < exactMillisecondsLimit, t >= lastT else { return drop(.time) }
            if case .failure(let reason) = entry.line(t: t) { return drop(reason) }
            if case .webSession(let id) = entry, id == webSessionID { return }
            file.withLock { write(entry, at: t) }
        }
    }

    /// Ends the file being written: moves it aside as a rotation would (`NAME.1`), so that the
    /// uploader (`LogUploader`) takes it, closed, and the next line begins a fresh file with a
    /// fresh id, the page's session and the last path. Call it where a log should reach the
    /// collector soon (the app goes to the background); a file with no line after its `meta`
    /// stays. False when the file could not be moved aside (it is then written on as before).
    @discardableResult
    public func endFile() -> Bool {
        lock.withLock {
            file.withLock {
                guard owned, file.refresh(), !file.changed || adoptEnd(at: fileT) else { return false }
                guard file.size > meta.count else { return true }
                return file.rotate(keep: keep)
            }
        }
    }

    /// How many records wait to be reported in a `dropped` line.
    public var droppedSinceLastReport: Int {
        lock.withLock { pending.values.reduce(0, +) }
    }

    private func drop(_ reason: DropReason) {
        pending[reason, default: 0] += 1
    }

    /// Takes over the file at the path: a log of this logger's is continued; a fresh file gets
    /// its `meta`; anything else is moved aside as a rotation would move it. False while the
    /// file cannot be opened or moved aside: nothing is written into a file that is not this
    /// log. Under the file's lock.
    private func takeOver(wall: Int64?) -> Bool {
        guard file.refresh() else { return false }
        let last = file.tail(prefix: 128).lastLine
        if last.isEmpty {
            // No whole line: a file that a rotation or a first write began, cut short by a kill
            // or a torn write. It is this log's next file when the newest rotated one is this log.
            if let previous = LogFile.peek(file.path + ".1") { _ = goOn(from: previous.head, last: previous.lastLine, wall: wall) }
            return file.size == 0 ? file.append(freshMeta()) : adoptEnd(at: offset)
        }
        if goOn(from: file.head(limit: 4096), last: last, wall: wall) { return adoptEnd(at: offset) }
        return file.rotate(keep: keep) && file.append(freshMeta())
    }

    /// The `meta` of a fresh file of this log: a fresh id, the log's `startedAt`.
    private func freshMeta() -> [UInt8] {
        meta = identity.line(session: ids.next(), startedAt: startedAt)
        return meta
    }

    /// Goes on from a file of this log (its first line and the start of its last whole line):
    /// its `meta`, and `t` from the wall clock since its `startedAt`, never below its last `t`.
    /// False when the file is not this logger's log.
    private func goOn(from head: [UInt8], last: [UInt8], wall: Int64?) -> Bool {
        let lastTime = last.starts(with: identity.identity) ? 0 : writtenTime(of: last)
        guard let continued = identity.continued(from: head), let lastTime else { return false }
        meta = continued.line
        startedAt = continued.startedAt
        lastT = max(lastT, lastTime)
        fileT = max(fileT, lastTime)
        let sinceStart = both(wall, continued.startedAt).map { Double($0 - $1) } ?? 0
        offset = max(offset, lastTime, sinceStart)
        return true
    }

    /// Another writer may have written, rotated or died mid-line since this one last looked:
    /// no line goes before the file's last time, and a half line at the end is replaced by the
    /// `cut` line that says how long it was (after the log's `meta`, when the half line was the
    /// file's only content). The replacement takes the half line's place in one write (padded
    /// with spaces to its length when it is shorter), so a process killed at any instant leaves
    /// either the half line or its report, never neither. A half line longer than
    /// `paddingLimit` (a huge record) is cut off, then reported, in two steps. False when the
    /// half line could not be taken away: nothing may follow it.
    private func adoptEnd(at t: Double) -> Bool {
        let end = file.tail(prefix: 128)
        if let last = writtenTime(of: end.lastLine) { fileT = max(fileT, last) }
        guard end.partial > 0 else { return true }
        let at = max(t, fileT), start = file.size - end.partial
        let header = start == 0 ? freshMeta() : []
        let replaced =
            end.partial <= Self.paddingLimit
            ? file.replaceTail(from: start, with: header + cutLine(at: at, removed: end.partial, length: end.partial - header.count))
            : file.truncate(to: start) && file.append(header + cutLine(at: at, removed: end.partial))
        if replaced {
            fileT = at
            return true
        }
        // Not reported in its place: reported with the next line, once it is surely gone.
        guard file.truncate(to: start) else { return false }
        pendingCut += end.partial
        return true
    }

    /// The longest half line a `cut` line is padded to replace in one write.
    static let paddingLimit = 65_536

    /// The entry's line at `t`, or at the file's last time if another writer went past it,
    /// after the lines that report what was cut or dropped; rotating first when they would not
    /// fit. Under the file's lock.
    private func write(_ entry: LogEntry, at t: Double) {
        if !owned { owned = takeOver(wall: nil) }
        guard owned, file.refresh() else { return drop(.io) }
        if file.changed, !adoptEnd(at: t) { return drop(.io) }
        let at = max(t, fileT)
        guard case .success(let line) = entry.line(t: at), line.count <= Self.lineLimit else { return drop(.size) }
        var bytes = pendingLines(at: at) + line + [0x0A]
        if file.size > 0, file.size + bytes.count > maxBytes {
            guard file.rotate(keep: keep) else { return drop(.io) }
        }
        if file.size == 0 {
            // A web-session entry says the page's session itself: the old one is not said first.
            let linked = entry.isWebSession ? [] : webSessionLine()
            bytes = freshMeta() + linked + pathLine() + bytes
        }
        guard file.append(bytes) else { return drop(.io) }
        clearPending()
        lastT = t
        fileT = at
        switch entry {
        case .record(.path(let online)): lastPath = online
        case .webSession(let id): webSessionID = id
        default: break
        }
    }

    /// `{"t":…,"type":"cut","bytes":N}`, with spaces before its `}` to make it `length` bytes
    /// long (line end included) when it is shorter.
    private func cutLine(at t: Double, removed: Int, length: Int = 0) -> [UInt8] {
        var line = JSONLine()
        line.number("t", t)
        line.string("type", "cut")
        line.integer("bytes", removed)
        let spaces = max(0, length - (line.bytes.count + 2))
        return line.bytes + [UInt8](repeating: 0x20, count: spaces) + Array("}\n".utf8)
    }

    /// A `cut` line for half lines removed whose report could not take their place (a full
    /// disk), then `{"t":…,"type":"dropped","count":N,"reasons":{"time":1,…}}` for records
    /// dropped.
    private func pendingLines(at t: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        if pendingCut > 0 { bytes += cutLine(at: t, removed: pendingCut) }
        let count = pending.values.reduce(0, +)
        if count > 0 {
            var line = JSONLine()
            line.number("t", t)
            line.string("type", "dropped")
            line.integer("count", count)
            let reasons = DropReason.allCases.compactMap { reason in pending[reason].map { "\"\(reason.rawValue)\":\($0)" } }
            line.raw("reasons", "{" + reasons.joined(separator: ",") + "}")
            bytes += line.bytes + Array("}\n".utf8)
        }
        return bytes
    }

    private func clearPending() {
        pending = [:]
        pendingCut = 0
    }

    /// The connectivity last logged, at the file's last time: a fresh file after a rotation
    /// starts with it, so each file is a log the readers take on its own.
    private func pathLine() -> [UInt8] {
        guard let lastPath, case .success(let line) = LogRecord.path(online: lastPath).line(t: fileT) else { return [] }
        return line + [0x0A]
    }

    /// The page's session last written, at the file's last time: a fresh file after a rotation
    /// names it too, so each file links to the page's recording on its own.
    private func webSessionLine() -> [UInt8] {
        guard let webSessionID, case .success(let line) = LogEntry.webSession(webSessionID).line(t: fileT) else { return [] }
        return line + [0x0A]
    }
}

private func both(_ a: Int64?, _ b: Int64?) -> (Int64, Int64)? {
    guard let a, let b else { return nil }
    return (a, b)
}
