import TurboRecording

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Replay recordings and compare each timeline with its golden.",
        usage: "check [--update] PATH...",
        options: [
            .init(name: "update", value: nil, help: "Write goldens that are missing or differ, and list them."),
        ],
        discussion: """
        Every NAME.jsonl under PATH (searched recursively) is replayed and compared, as JSON values,
        record by record, with NAME.expected.jsonl beside it: the banner's timeline for a web recording,
        the decision timeline for a native one (first record {"type":"meta","recording":"native",…}).
        NAME.config.json beside it, if present, configures the replay (the keys of --config of replay,
        or of native). Files named *.expected.jsonl are goldens.
        Ends with 'N passed, N failed'. Exit status: 0 all passed, 1 something failed, 64 usage,
        66 a PATH does not exist.
        """
    )

    @MainActor static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "missing the recordings to check, e.g. turbo-replay check recordings", command: spec.name)
        }
        let update = arguments.flag("update")
        let cases = try GoldenCase.find(in: arguments.positionals)
        var passed = 0, failed = 0
        for golden in cases {
            let result = golden.check(update: update)
            if result.failed { failed += 1 } else { passed += 1 }
            switch result {
            case .passed:
                break
            case .written(let created):
                console.print("\(created ? "created" : "updated") \(golden.golden)")
            case .missingGolden:
                console.print("FAIL \(golden.recording): no golden at \(golden.golden)")
                console.print("     review the timeline, then create it: turbo-replay check --update \(golden.recording)")
            case .unreadable(let error):
                console.print("FAIL \(golden.recording): \(error)")
            case .mismatch(let diff):
                console.print("FAIL \(golden.recording): timeline differs from \(golden.golden)")
                console.print("     (- expected, + replayed, > first difference)")
                console.print(diff)
            }
        }
        if cases.isEmpty { console.error("turbo-replay: warning: no recordings (*.jsonl) under \(arguments.positionals.joined(separator: " "))") }
        console.print("\(passed) passed, \(failed) failed")
        return failed == 0 ? .ok : .checkFailed
    }
}
