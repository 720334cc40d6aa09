import Foundation
import Testing

@testable import TestSupport

/// `stats --partial` of each group of logs, written in `directory` as `part-N.partial`: what the
/// merge tests split a fleet into, to hold a merge to one run.
func statsPartials(_ groups: [[String]], in directory: String) throws -> [String] {
    try groups.enumerated().map { index, group in
        let run = try turboReplay(["stats", "--partial"] + group)
        #expect(run.status == 0, "\(run.stderr)")
        let path = directory + "/part-\(index).partial"
        try run.stdout.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }
}
