import Foundation

@testable import TestSupport

/// `turboReplay(arguments, input:)` run once per argument list and standard input for the whole
/// test process, and its run handed to every test that asks for the same again. Only for runs over committed
/// files that nothing writes (the bundled recordings and pairs, drawn or reported): their
/// output is a function of the arguments, so several suites reading one picture each check
/// their own property of the same bytes, instead of drawing it anew three or four times.
enum RunOnce {
    private struct Key: Hashable {
        var arguments: [String]
        var input: String?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var runs: [Key: Fixtures.Run] = [:]

    static func turboReplay(_ arguments: [String], input: String? = nil) throws -> Fixtures.Run {
        let key = Key(arguments: arguments, input: input)
        if let run = lock.withLock({ runs[key] }) { return run }
        // Run outside the lock: two tests asking at once both run it, and get the same output.
        let run = try TestSupport.turboReplay(arguments, input: input)
        lock.withLock { runs[key] = run }
        return run
    }
}
