import Dispatch
import Foundation
import Goldens
import OfflineBanner
import Replay
import Reports
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Replay recordings and compare each timeline with its golden.",
        usage: "check [--update] [--jobs N] [--variant NAME] [--tolerance-ms N] [--max-open-views N] PATH...",
        options: [Options.update, Options.jobs, Options.variant, Options.tolerance, NativeOptions.maxOpenViews],
        discussion: """
            Every NAME.jsonl under PATH (searched recursively) is replayed and compared, as JSON values,
            record by record, with its goldens beside it: NAME.expected.jsonl holds the banner's timeline
            for a web recording, the error view's decisions for a native one (first record
            {"type":"meta","recording":"native",…}), and NAME.launch.expected.jsonl the launch's screen
            timeline of a native one that has a launch. An iOS native recording is also checked against
            NAME.archive.expected.jsonl, the web-archive cache's decisions, once that timeline has any.
            NAME.config.json beside it, if present, configures the replay (its "variant" key replays a web
            recording under that variant). Files named *.expected.jsonl are goldens. A web recording
            NAME.jsonl with the app's log NAME.native.jsonl beside it is an app session, also checked
            against NAME.session.expected.jsonl ('turbo-replay session --format jsonl'; configured by
            NAME.session.config.json when present, else by each log's own config).
            --variant NAME replays every web recording under the variant and compares it with
            NAME.<variant>.expected.jsonl when that file exists, else with NAME.expected.jsonl (the variant
            must then change nothing); with --update it writes NAME.<variant>.expected.jsonl only where the
            variant's timeline differs from that golden. Native recordings are checked as always; a variant
            of the retry policy (probe-once) does the same for native recordings' decisions, and leaves web
            recordings as always. Session goldens are checked only without --variant.
            A web recording with seen records (what its page's own banner showed) is also held to its
            replay, without --variant: a difference beyond seenEventMs/seenTimerMs (16 and 100 ms, keys of
            NAME.config.json) fails it, naming the first, unless NAME.seen.expected.jsonl lists exactly
            the differences found; --update never writes that file.
            A recording or golden named here that is not a regular file (a FIFO, <(...)) is refused (64): a
            recording is read once for each of its goldens. A difference prints a diff and, for each
            differing record, the golden's file:line and the keys that differ. A golden with no recording, or a file named almost like a golden, is a failure.
            Ends with 'N passed, N failed' (one per golden or stray file).
            One rule names the goldens: a recording not named NAME.jsonl, or named after a golden's kind
            (x.session.jsonl, x.launch.jsonl, x.recover-on-response.jsonl), can have none of its own and is
            refused, as are, with --update, two goldens that a symbolic link makes one file. A golden that
            is a symbolic link is updated through it. A config beside a recording that is not a regular
            file (a FIFO) is never opened, and fails the recording.
            Exit status: 0 all passed, 1 a timeline differs, a golden is missing or a page's banner
            disagrees with its replay, 64 usage (or a recording whose name can have no golden), 65 a
            recording, golden or config is malformed, 66 a PATH, a folder under it or a file cannot be read
            (or a config beside a recording is not a regular file), 73/74 a golden could not be written.
            When several apply, the highest wins: a check that could not be made is worse than one that failed.
            With --update, 130 or 143 when SIGINT or SIGTERM stopped it: it finishes the golden it is writing,
            starts no other, and says on standard error how many goldens it wrote and the last of them.
            """
    )

    struct Options {
        static let update = Option(name: "update", value: nil, help: "Write goldens that are missing or differ, and show what was written.")
        /// Checking is cheap next to reading its output: one at a time unless asked.
        static let jobs = FleetOptions.jobs(default: "1")
        static let variant = Option.variant(.golden)
        static let tolerance = Option.tolerance(.golden)

        var paths: [String]
        var update: Bool
        var jobs: Int
        var variant: GoldenVariant?
        var tolerance: Tolerance
        /// The bound on the native recordings' replays (nil: the default).
        var maxOpenViews: Int?

        init(_ arguments: ParsedArguments) throws {
            guard !arguments.positionals.isEmpty else {
                throw UsageError(message: "missing the recordings to check, e.g. turbo-replay check recordings", command: spec.name)
            }
            paths = arguments.positionals
            update = arguments.flag(Self.update)
            jobs = try FleetOptions.jobCount(arguments.value(Self.jobs), command: spec.name) ?? 1
            variant = try arguments.value(Self.variant).map { name in
                guard let variant = GoldenVariant(name: name) else {
                    throw UsageError(
                        message: "unknown variant '\(name)'; use " + GoldenVariant.allNames.map { "--variant \($0)" }.joined(separator: " or "),
                        command: spec.name)
                }
                return variant
            }
            tolerance = Tolerance(
                milliseconds: try arguments.value(Self.tolerance).map {
                    try milliseconds($0, option: Self.tolerance, command: spec.name)
                } ?? 0)
            maxOpenViews = try NativeOptions.maxOpenViews(arguments, command: spec.name)
        }
    }

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        try refuseReadOnce(options.paths)
        let update = options.update, variant = options.variant
        try refuseUnnamedGoldens(try GoldenClaims.of(options.paths, links: update))
        // In path order, listed on disk: the run holds a few cases at a time, never the fleet's list.
        let survey = try GoldenCase.surveyStream(in: options.paths)
        console.reportSkipped(survey.skipped)
        if update {
            StopRequest.install()
            // Once for the whole run, before anything is written (never a listing per golden).
            console.reportSwept(TemporarySweep.goldens(under: options.paths, remove: true), left: "an interrupted check --update")
        } else {
            console.reportStrayTemporaries(under: options.paths)
        }
        let maxOpenViews = options.maxOpenViews
        // What an interrupted update says it wrote: how many goldens, and the last one.
        var passed = 0, failed = 0, written = 0, lastWritten: String?, notChecked = 0, found = 0
        var status = ExitCode.ok
        // An update writes every golden it decides whatever becomes of its output, as when it
        // printed only at the end: a standard output that fails (a full disk, a closed pipe) is
        // reported once the update is done, not by leaving it half-way. So a closed pipe is an
        // error to report, not SIGPIPE's end of the process. A check without --update stops at
        // once: it writes nothing.
        var outputFailure: (any Error)?
        func say(_ lines: () throws -> Void) throws {
            guard outputFailure == nil else { return }
            do { try lines() } catch {
                guard update else { throw error }
                outputFailure = error
            }
        }
        if update { console.reportClosedPipe() }
        // Each case is printed as soon as it and every case before it are checked: the run holds
        // a few cases' checks (and diffs) at a time, not the fleet's, and shows its progress.
        let tolerance = options.tolerance
        // Strays come in path order among the recordings, so each is next to its neighbours.
        try inParallel(next: survey.next, jobs: options.jobs) { item -> (GoldenSurveyStream.Item, [GoldenCheck]?) in
            guard case .recording(let found) = item else { return (item, nil) }
            let golden = GoldenCase(recording: found.recording, maxOpenViews: maxOpenViews)
            return (.recording(golden), check(golden, update: update, variant: variant, tolerance: tolerance))
        } consume: { item, checks in
            found += 1
            guard case .recording(let golden) = item else {
                guard case .stray(let stray) = item else { return }
                failed += 1
                status = max(status, .problemsFound)
                try say { try console.print("FAIL \(terminalSafe(stray.path)): \(terminalSafe(stray.message))") }
                return
            }
            guard let checks else {
                notChecked += 1
                return
            }
            for check in checks {
                if check.result.failed { failed += 1 } else { passed += 1 }
                if case .written = check.result {
                    written += 1
                    lastWritten = check.golden
                }
                status = max(status, exitCode(check.result))
                try say { try print(check, of: golden, variant: variant, console: console) }
            }
            // A cut log passes or fails on what was read before its cut; the note says it was cut.
            console.reportCut(golden.cutLine, in: golden.recording)
        }
        if let signal = update ? StopRequest.signal : nil {
            return stopped(by: signal, written: written, last: lastWritten, notChecked: notChecked, console: console)
        }
        if let outputFailure { throw outputFailure }
        if found == 0 {
            console.error("turbo-replay: warning: no recordings (*.jsonl) under \(terminalSafe(options.paths.joined(separator: " ")))")
        }
        try console.print("\(passed) passed, \(failed) failed")
        return status
    }

    /// A recording whose name can have no golden, and (with `--update`) two goldens that are
    /// one file, are refused before anything is read or written, each named.
    private static func refuseUnnamedGoldens(_ claims: GoldenClaims) throws {
        let misnamed = claims.misnamed.map { "\(terminalSafe($0.recording)): \(terminalSafe($0.problem))" }
        if !misnamed.isEmpty {
            throw UsageError(
                message: "cannot name the goldens of \(misnamed.count == 1 ? "a recording" : "\(misnamed.count) recordings"):\n  "
                    + misnamed.joined(separator: "\n  "),
                command: spec.name)
        }
        let shared = claims.shared.map { "\(terminalSafe($0.first)) and \(terminalSafe($0.second)) are one file" }
        if !shared.isEmpty {
            throw UsageError(
                message: "--update would write one golden over another (a symbolic link makes them one file):\n  "
                    + shared.joined(separator: "\n  ") + "\n  update them one at a time, or check them without --update",
                command: spec.name)
        }
    }

    /// A recording or golden named on the command line that is not a regular file (a FIFO,
    /// `<(…)`, a device) is refused before anything is read: check reads a recording once per
    /// golden (and its kind first), and its goldens sit beside it, so a pipe would be read once
    /// and the rest compared with nothing, or wait for a writer forever. In a folder such a name
    /// is skipped with a warning, as every command skips it.
    private static func refuseReadOnce(_ paths: [String]) throws {
        // A name that cannot be a recording's or a golden's is refused by the naming rule.
        for path in paths where path.hasSuffix(".jsonl") {
            var status = stat()
            guard withFileSystemPath(path, { stat($0, &status) }) == 0 else { continue }
            let type = status.st_mode & S_IFMT
            guard type != S_IFREG, type != S_IFDIR else { continue }
            throw UsageError(
                message: "'\(terminalSafe(path))' is not a regular file (a FIFO or a pipe can be read once), and check reads "
                    + "a recording once for each of its goldens, which sit beside it: copy it to a file there",
                command: spec.name)
        }
    }

    /// An update stopped by SIGINT or SIGTERM: what it wrote, on standard error, instead of a
    /// summary that would read as a whole run; 128 + the signal's number, as a shell reports it.
    private static func stopped(by signal: Int32, written: Int, last: String?, notChecked: Int, console: Console) -> ExitCode {
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        var line = "turbo-replay: stopped by \(name): wrote \(written) golden\(written == 1 ? "" : "s")"
        if let last { line += " (listed above; the last was \(terminalSafe(last)))" }
        line += "; \(notChecked) recording\(notChecked == 1 ? " was" : "s were") not checked, and none of their goldens written"
        console.error(line)
        return signal == SIGINT ? .interrupted : .terminated
    }

    private static func print(
        _ check: GoldenCheck, of golden: GoldenCase, variant: GoldenVariant?,
        console: Console
    ) throws {
        // Every line goes out terminal-safe: a name or a recording's text with a newline in it
        // must not forge a `FAIL` or summary line, nor an escape reach the terminal. Names are
        // escaped where they are put in a line; the many-line texts (a diff, a new golden) a
        // line at a time, with the golden's name in them escaped first.
        let recording = terminalSafe(golden.recording), name = terminalSafe(check.golden)
        let lines = { (text: String) in try console.printSafely(text.replacing(check.golden, with: name)) }
        switch check.result {
        case .passed:
            break
        case .written(created: true, let timeline):
            // What was written, for the review a new golden needs.
            try console.print("created \(name)")
            if !timeline.isEmpty { try lines(indented(timeline)) }
        case .written(created: false, let diff):
            try console.print("updated \(name)")
            try lines(indented(diff))
            // A golden that is a link stays one: its target was written, which says so.
            if case .replace(let target, linked: true)? = try? OutputDestination.of(check.golden) {
                console.error("turbo-replay: note: \(name) is a symbolic link: updated its target \(terminalSafe(target)), and left the link as it is")
            }
        case .missingGolden:
            try console.print("FAIL \(recording): no golden at \(name)")
            try console.print("     review the timeline, then create it: turbo-replay check --update \(recording)")
        case .doesNotApply(let policy):
            try console.print("FAIL \(recording): \(policy) does not apply to this recording, so nothing is compared with \(name)")
            try console.print("     delete the golden (check --update leaves it)")
        case .unreadable(let error):
            try console.print("FAIL \(recording): \(terminalSafe("\(error)"))")
        case .writeFailed(let error):
            try console.print("FAIL \(recording): \(terminalSafe("\(error)"))")
        case .drift(let report):
            try console.print("FAIL \(recording): the page's own banner (seen) disagrees with the replay")
            for line in report.split(separator: "\n") { try console.print("     " + terminalSafe(String(line))) }
        case .mismatch(let diff) where check.golden == golden.seenGolden:
            try console.print("FAIL \(recording): the page's banner (seen) differs from its known differences in \(name)")
            try console.print("     (- expected, + found, > first difference)")
            try lines(diff)
        case .mismatch(let diff):
            try console.print("FAIL \(recording): timeline differs from \(name)")
            // Held to v1's golden for want of its own: the variant was expected to change nothing.
            if let variant, let own = check.missingVariantGolden {
                try console.print("     under \(variant.name), which must then change nothing (there is no \(terminalSafe(own)))")
            }
            try console.print("     (- expected, + replayed, > first difference)")
            try lines(diff)
        }
    }

    private static func indented(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    static func exitCode(_ result: GoldenResult) -> ExitCode {
        switch result {
        case .passed, .written: return .ok
        case .mismatch, .missingGolden, .doesNotApply, .drift: return .problemsFound
        case .unreadable(let error): return error.kind == .malformed ? .dataError : .noInput
        case .writeFailed(let error): return ExitCode(error)
        }
    }

    /// One case's checks, in a worker thread; `nil` for a case not checked because an update was
    /// asked to stop. Every case is independent (its own files, reader and json-c tokener); the
    /// caller prints in the cases' order, so the output does not depend on `jobs`.
    static func check(_ golden: GoldenCase, update: Bool, variant: GoldenVariant?, tolerance: Tolerance) -> [GoldenCheck]? {
        // Asked to stop (check --update): no recording is started after the signal.
        if update, StopRequest.signal != nil { return nil }
        return switch variant {
        case .retry(let retry)?: golden.check(update: update, retryVariant: retry)
        case .banner(let banner)?: golden.check(update: update, variant: banner, tolerance: tolerance)
        case nil: golden.check(update: update, variant: nil, tolerance: tolerance)
        }
    }
}
