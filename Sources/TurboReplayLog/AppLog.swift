import Foundation
import NativeErrorPolicy
import PolicyCore

/// The app's own log in the native format, for `turbo-replay explain`: give it the records
/// where the framework hands them over (docs/native-logging.md has the glue), and it writes
/// each as one line with `t` from the log's start on one monotonic clock.
///
/// Never throws and never stops the app: a record it cannot write faithfully (a non-finite
/// time, a missing text, a full disk) is dropped and counted, and the count is written as a
/// `dropped` line just before the next line that is written. Thread-safe: records from any
/// thread are written whole, in the order their times were read.
public final class AppLog: @unchecked Sendable {
    /// The readers refuse a line longer than 1 MiB.
    public static let lineLimit = 1 << 20

    private let lock = NSLock()
    private let clock: any MonotonicClock
    private let file: LogFile
    private let meta: [UInt8]
    private var origin: Double?
    private var lastT: Double = 0
    private var lastPath: Bool?
    private var pending: [DropReason: Int] = [:]

    /// - Parameters:
    ///   - path: the log file; appended to if it exists (a relaunch goes on in the same file).
    ///   - platform: written in `meta`.
    ///   - startedAt: the wall-clock time of `t` = 0, in Unix milliseconds (nil: left out).
    ///   - maxBytes: a file is rotated before a line would take it past this size.
    ///   - keep: how many rotated files (`path.1`, …) to keep.
    public init(
        path: String, platform: Platform, startedAt: Int64? = Int64(Date().timeIntervalSince1970 * 1000),
        clock: any MonotonicClock = SystemMonotonicClock(), maxBytes: Int = 4 << 20, keep: Int = 1
    ) {
        self.clock = clock
        self.file = LogFile(path: path, maxBytes: max(maxBytes, 1), keep: keep)
        var meta = #"{"type":"meta","version":1,"recording":"native","platform":"\#(platform.rawValue)""#
        if let startedAt { meta += #","startedAt":"\#(startedAtText(unixMilliseconds: startedAt))""# }
        self.meta = Array((meta + "}\n").utf8)
        lock.withLock {
            origin = finite(clock.now())
            _ = file.open()
            if file.size == 0 { _ = startFile() }
        }
    }

    /// Writes `record` at the clock's time now.
    public func log(_ record: LogRecord) {
        lock.withLock {
            // The clock is read under the lock, so times never go back from line to line.
            let now = clock.now()
            if origin == nil { origin = finite(now) }
            guard let origin, now.isFinite else { return drop(.time) }
            let t = now - origin
            guard abs(t) < exactMillisecondsLimit, t >= lastT else { return drop(.time) }
            switch record.line(t: t) {
            case .failure(let reason): drop(reason)
            case .success(let line):
                guard line.count <= Self.lineLimit else { return drop(.size) }
                guard writeDropped(t: t), writeLine(line) else { return drop(.io) }
                lastT = t
                if case .path(let online) = record { lastPath = online }
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

    /// `{"t":…,"type":"dropped","count":N,"reasons":{"time":1,…}}` when anything was dropped.
    private func writeDropped(t: Double) -> Bool {
        let count = pending.values.reduce(0, +)
        guard count > 0 else { return true }
        var line = JSONLine()
        line.number("t", t)
        line.string("type", "dropped")
        line.integer("count", count)
        line.raw(
            "reasons", "{" + DropReason.allCases.compactMap { reason in pending[reason].map { "\"\(reason.rawValue)\":\($0)" } }.joined(separator: ",") + "}")
        guard writeLine(line.bytes + [UInt8(ascii: "}")]) else { return false }
        pending = [:]
        return true
    }

    /// One line, rotating first when it would not fit; a fresh file starts with `meta` and the
    /// connectivity last logged, so each file is a log the readers take on its own.
    private func writeLine(_ line: [UInt8]) -> Bool {
        let bytes = line + [UInt8(ascii: "\n")]
        guard file.open() else { return false }
        if !file.fits(bytes.count) { file.rotate() }
        guard file.size > 0 || startFile() else { return false }
        return file.append(bytes)
    }

    /// The first lines of a file: `meta`, and the connectivity last logged if any.
    private func startFile() -> Bool {
        guard file.append(meta) else { return false }
        guard let lastPath, case .success(let path) = LogRecord.path(online: lastPath).line(t: lastT) else { return true }
        return file.append(path + [UInt8(ascii: "\n")])
    }
}

private func finite(_ value: Double) -> Double? {
    value.isFinite ? value : nil
}
