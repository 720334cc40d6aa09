import Foundation

@testable import TestSupport

/// `turboReplay(arguments)` run once per argument list for the whole test process, and its
/// run handed to every test that asks for the same list again. Only for runs over committed
/// files that nothing writes (the bundled recordings and pairs, drawn or reported): their
/// output is a function of the arguments, so several suites reading one picture each check
/// their own property of the same bytes, instead of drawing it anew three or four times.
enum RunOnce {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var runs: [[String]: Fixtures.Run] = [:]

    static func turboReplay(_ arguments: [String]) throws -> Fixtures.Run {
        if let run = lock.withLock({ runs[arguments] }) { return run }
        // Run outside the lock: two tests asking at once both run it, and get the same output.
        let run = try TestSupport.turboReplay(arguments)
        lock.withLock { runs[arguments] = run }
        return run
    }
}
