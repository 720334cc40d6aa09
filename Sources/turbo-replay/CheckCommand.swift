import Dispatch
import Foundation
import TurboRecording

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Replay recordings and compare each timeline with its golden.",
        usage: "check [--update] [--jobs N] PATH...",
        options: [
            .init(name: "update", value: nil, help: "Write goldens that are missing or differ, and list them."),
            .init(name: "jobs", value: "N", help: "Check N recordings at a time (default: 1). Output is the same."),
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
        let jobs = try jobCount(arguments.values["jobs"])
        let cases = try GoldenCase.find(in: arguments.positionals)
        var passed = 0, failed = 0
        for (golden, result) in zip(cases, checkAll(cases, update: update, jobs: jobs)) {
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

    static func jobCount(_ text: String?) throws -> Int {
        guard let text else { return 1 }
        guard let jobs = Int(text), jobs >= 1 else {
            throw UsageError(message: "'--jobs' takes a number of jobs, 1 or more (got '\(text)')", command: spec.name)
        }
        return jobs
    }

    /// Each case's result, in the cases' order, checked `jobs` at a time. Every case is
    /// independent (its own files, its own reader and json-c tokener), so the work is
    /// embarrassingly parallel; the caller prints in order, so output does not depend on jobs.
    static func checkAll(_ cases: [GoldenCase], update: Bool, jobs: Int) -> [GoldenResult] {
        guard jobs > 1, cases.count > 1 else { return cases.map { $0.check(update: update) } }
        let results = Results(count: cases.count)
        let next = Results.Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, cases.count)) { _ in
            while let index = next.take(below: cases.count) {
                results.set(index, cases[index].check(update: update))
            }
        }
        return results.all
    }

    /// Results filled in by worker threads, each slot written once.
    private final class Results: @unchecked Sendable {
        private var slots: [GoldenResult?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: GoldenResult) {
            lock.lock()
            slots[index] = result
            lock.unlock()
        }

        var all: [GoldenResult] { lock.withLock { slots.map { $0! } } }

        /// Hands out the next index to check.
        final class Counter: @unchecked Sendable {
            private var value = 0
            private let lock = NSLock()

            func take(below limit: Int) -> Int? {
                lock.withLock {
                    guard value < limit else { return nil }
                    defer { value += 1 }
                    return value
                }
            }
        }
    }
}
