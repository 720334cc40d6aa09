import Dispatch
import Foundation
import Goldens
import OfflineBanner
import Replay
import TurboRecording

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Replay recordings and compare each timeline with its golden.",
        usage: "check [--update] [--jobs N] [--variant NAME] PATH...",
        options: [Options.update, Options.jobs, Options.variant],
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
        variant's timeline differs from that golden. Native recordings are checked as always;
        session goldens only without --variant.
        A difference prints a diff and, for each differing record, the golden's file:line and the keys
        that differ. Ends with 'N passed, N failed' (one per golden).
        Exit status: 0 all passed, 1 a timeline differs or a golden is missing, 64 usage, 65 a
        recording, golden or config is malformed, 66 a PATH or file cannot be read. When several
        apply, the highest wins: a check that could not be made is worse than one that failed.
        """
    )

    struct Options {
        static let update = Option(name: "update", value: nil, help: "Write goldens that are missing or differ, and show what changed.")
        static let jobs = Option(name: "jobs", value: "N", help: "Check N recordings at a time (default: 1). Output is the same.")
        static let variant = Option(
            name: "variant", value: "NAME",
            help: "Replay web recordings under a variant of the banner: \(BannerVariant.allCases.map(\.name).joined(separator: ", ")).")

        var paths: [String]
        var update: Bool
        var jobs: Int
        var variant: BannerVariant?

        init(_ arguments: ParsedArguments) throws {
            guard !arguments.positionals.isEmpty else {
                throw UsageError(message: "missing the recordings to check, e.g. turbo-replay check recordings", command: spec.name)
            }
            paths = arguments.positionals
            update = arguments.flag(Self.update)
            // Checking is cheap next to reading its output: one at a time unless asked.
            jobs = try FleetOptions.jobCount(arguments.value(Self.jobs), command: spec.name) ?? 1
            variant = try arguments.value(Self.variant).map { try BannerOptions.variant(named: $0, command: spec.name) }
        }
    }

    @MainActor static func run(_ options: Options, console: Console) throws -> ExitCode {
        let update = options.update, variant = options.variant
        let cases = try GoldenCase.find(in: options.paths)
        var passed = 0, failed = 0
        var status = ExitCode.ok
        for (golden, checks) in zip(cases, checkAll(cases, update: update, variant: variant, jobs: options.jobs)) {
            for check in checks {
                if check.result.failed { failed += 1 } else { passed += 1 }
                status = max(status, exitCode(check.result))
                try print(check, of: golden, variant: variant, console: console)
            }
        }
        if cases.isEmpty { console.error("turbo-replay: warning: no recordings (*.jsonl) under \(options.paths.joined(separator: " "))") }
        try console.print("\(passed) passed, \(failed) failed")
        return status
    }

    @MainActor private static func print(_ check: GoldenCheck, of golden: GoldenCase, variant: BannerVariant?,
                                         console: Console) throws {
        switch check.result {
        case .passed:
            break
        case .written(created: true, _):
            try console.print("created \(check.golden)")
        case .written(created: false, let diff):
            try console.print("updated \(check.golden)")
            try console.print(indented(diff))
        case .missingGolden:
            try console.print("FAIL \(golden.recording): no golden at \(check.golden)")
            try console.print("     review the timeline, then create it: turbo-replay check --update \(golden.recording)")
        case .unreadable(let error):
            try console.print("FAIL \(golden.recording): \(error)")
        case .writeFailed(let error):
            try console.print("FAIL \(golden.recording): \(error)")
        case .mismatch(let diff):
            try console.print("FAIL \(golden.recording): timeline differs from \(check.golden)")
            // Held to v1's golden for want of its own: the variant was expected to change nothing.
            if let variant, let own = check.missingVariantGolden {
                try console.print("     under \(variant.name), which must then change nothing (there is no \(own))")
            }
            try console.print("     (- expected, + replayed, > first difference)")
            try console.print(diff)
        }
    }

    private static func indented(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    static func exitCode(_ result: GoldenResult) -> ExitCode {
        switch result {
        case .passed, .written: return .ok
        case .mismatch, .missingGolden: return .problemsFound
        case .unreadable(let error): return error.kind == .malformed ? .dataError : .noInput
        case .writeFailed(let error): return ExitCode(error)
        }
    }

    /// Each case's checks, in the cases' order, `jobs` at a time. Every case is independent
    /// (its own files, reader and json-c tokener); the caller prints in order, so the output
    /// does not depend on `jobs`.
    static func checkAll(_ cases: [GoldenCase], update: Bool, variant: BannerVariant? = nil, jobs: Int) -> [[GoldenCheck]] {
        inParallel(cases, jobs: jobs) { $0.check(update: update, variant: variant) }
    }
}
