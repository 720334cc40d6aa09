/// Exit statuses, from sysexits(3) where one fits.
enum ExitCode: Int32 {
    case ok = 0
    /// `check` found a timeline that differs from its golden (or no golden).
    case checkFailed = 1
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: a recording or config breaks its format.
    case dataError = 65
    /// EX_NOINPUT: an input file cannot be opened or read.
    case noInput = 66
}
