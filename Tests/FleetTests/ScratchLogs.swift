import Foundation

@testable import TestSupport

/// Logs written for one test, in a fresh directory of the tests' scratch space.
struct ScratchLogs {
    let directory: String

    init() throws {
        directory = try Fixtures.scratchDirectory()
    }

    @discardableResult
    func write(_ name: String, _ lines: [String]) throws -> String {
        let path = directory + "/" + name
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
