import Foundation
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far a fleet command has read, on standard error, so that a run of minutes is not
/// silent: logs read of the listing's, bytes, rate, time left. To a terminal, one line redrawn
/// in place at most five times a second and cleared at the end; to a file or a pipe (a CI log,
/// a scheduler's), a whole line every `every` seconds, the first after `every`, so a run
/// shorter than that prints none. Standard output, the report, is never touched. Used on the
/// thread that folds the logs, as they come.
final class FleetProgress {
    /// `TURBO_REPLAY_PROGRESS_SECONDS`: the interval of the lines to a file or pipe (10 s).
    static let intervalVariable = "TURBO_REPLAY_PROGRESS_SECONDS"

    private let console: Console
    private let total: Int
    private let terminal: Bool
    private let every: Double
    private let start: Double
    private var shown: Double
    private var logs = 0
    private var bytes = 0
    /// A line drawn in place on the terminal, not yet cleared.
    private var drawn = false

    /// `nil` with `--quiet`.
    init?(total: Int, quiet: Bool, console: Console) {
        guard !quiet else { return nil }
        self.console = console
        self.total = total
        terminal = console.errorIsTerminal
        let variable = ProcessInfo.processInfo.environment[Self.intervalVariable].flatMap(Double.init)
        every = terminal ? 0.2 : (variable.map { $0 > 0 ? $0 : 10 } ?? 10)
        start = Self.now()
        shown = start
    }

    /// One more log read, `path`'s bytes with it.
    func read(_ path: String) {
        logs += 1
        var status = stat()
        if withFileSystemPath(path, { stat($0, &status) }) == 0 { bytes += Int(status.st_size) }
        let now = Self.now()
        guard now - shown >= every else { return }
        shown = now
        show(line(elapsed: now - start))
    }

    /// Before a line of the command's own on standard error: the terminal's line goes first.
    func clear() {
        guard drawn else { return }
        drawn = false
        show(nil)
    }

    /// `text` on standard error (nil: the terminal's line cleared), through the console, between
    /// its own lines.
    private func show(_ text: String?) {
        let out: String
        if terminal {
            out = "\r\u{1B}[K" + (text.map { "turbo-replay: \($0)" } ?? "")
            drawn = text != nil
        } else {
            guard let text else { return }
            out = "turbo-replay: \(text)\n"
        }
        console.errorText(out)
    }

    /// `1,234 of 10,000 logs read, 251.3 MB, 12.5 MB/s, about 1 min left`.
    func line(elapsed: Double) -> String {
        var text = "\(Self.grouped(logs)) of \(Self.grouped(total)) logs read, \(Self.size(Double(bytes)))"
        text += ", \(Self.size(Double(bytes) / max(elapsed, 0.001)))/s"
        if logs > 0 && logs < total {
            text += ", about \(Self.duration(elapsed * Double(total - logs) / Double(logs))) left"
        }
        return text
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    static func size(_ bytes: Double) -> String {
        var value = bytes
        for unit in ["B", "KB", "MB", "GB"] {
            if value < 1000 { return unit == "B" ? "\(Int(value)) B" : String(format: "%.1f", value) + " " + unit }
            value /= 1000
        }
        return String(format: "%.1f TB", value)
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        if seconds < 5400 { return "\(Int((seconds / 60).rounded())) min" }
        return String(format: "%.1f h", seconds / 3600)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
