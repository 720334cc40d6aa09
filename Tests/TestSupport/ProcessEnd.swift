import Foundation

/// The end of a Foundation `Process`, waited for by being woken by it. Foundation's own
/// `waitUntilExit()` on Linux runs the run loop in 50 ms slices and looks in between: measured
/// here, 51 ms a run of `/bin/true` against 0.4 ms woken by its end. Each wait holds one of the
/// test runner's threads meanwhile; over the suite's hundreds of short runs, that was seconds in
/// which nothing ran.
struct ProcessEnd {
    private let process: Process
    private let ended = DispatchSemaphore(value: 0)

    /// Watches `process`, which must not have been started yet (its `terminationHandler` is
    /// this watch's).
    init(_ process: Process) {
        precondition(!process.isRunning, "watch a process before it is started")
        self.process = process
        process.terminationHandler = { [ended] _ in ended.signal() }
    }

    /// Waits for the process to end, at most `timeout` seconds; whether it ended. Once it has,
    /// its `terminationStatus` may be read.
    @discardableResult
    func wait(timeout: Double = .infinity) -> Bool {
        if timeout.isFinite {
            guard ended.wait(timeout: .now() + timeout) == .success else { return false }
        } else {
            ended.wait()
        }
        // Foundation 6 marks the process finished before it calls the handler; an older one
        // called the handler first, and reading the status then stops the program.
        while process.isRunning { sched_yield() }
        return true
    }
}
