import Foundation

/// The end of a Foundation `Process`, waited for by being woken by it. Foundation's own
/// `waitUntilExit()` on Linux runs the run loop in 50 ms slices and looks in between, so each
/// run it waits for takes at least 50 ms, and holds one of the test runner's threads meanwhile:
/// over the suite's hundreds of short runs, seconds in which nothing runs.
struct ProcessEnd {
    private let ended = DispatchSemaphore(value: 0)

    /// Watches `process`, which must not have been started yet (its `terminationHandler` is
    /// this watch's).
    init(_ process: Process) {
        precondition(!process.isRunning, "watch a process before it is started")
        process.terminationHandler = { [ended] _ in ended.signal() }
    }

    /// Waits for the process to end, at most `timeout` seconds; whether it ended.
    @discardableResult
    func wait(timeout: Double = .infinity) -> Bool {
        guard timeout.isFinite else {
            ended.wait()
            return true
        }
        return ended.wait(timeout: .now() + timeout) == .success
    }
}
