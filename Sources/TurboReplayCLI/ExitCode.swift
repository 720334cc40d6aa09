import Goldens

/// Exit statuses, from sysexits(3) where one fits.
package enum ExitCode: Int32 {
    case ok = 0
    /// Something to look at: `check` found a timeline that differs from its golden (or no
    /// golden); `explain` (web or native) reported findings. Scripts and CI gate on it.
    case problemsFound = 1
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: a recording or config breaks its format.
    case dataError = 65
    /// EX_NOINPUT: an input file cannot be opened or read.
    case noInput = 66
    /// EX_CANTCREAT: an output file cannot be created (a missing or read-only directory).
    case cannotCreate = 73
    /// EX_IOERR: output could not be written whole (a full disk, an I/O error).
    case ioError = 74
    /// 128 + SIGINT, as a shell reports a command ended by it: `check --update` stopped by
    /// Ctrl-C after saying what it wrote.
    case interrupted = 130
    /// 128 + SIGTERM: `check --update` stopped by SIGTERM after saying what it wrote.
    case terminated = 143
}

extension ExitCode: Comparable {
    /// Higher is worse, as the codes are chosen: when several apply, a command reports the highest.
    package static func < (a: ExitCode, b: ExitCode) -> Bool { a.rawValue < b.rawValue }
}

extension ExitCode {
    init(_ error: WriteError) {
        self = error.kind == .cannotCreate ? .cannotCreate : .ioError
    }
}
