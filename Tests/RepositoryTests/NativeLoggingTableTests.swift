import Foundation
import Testing

@testable import TestSupport

/// docs/native-logging.md lists every record a policy reads with the hook it comes from; the
/// format's own table (docs/recording-format.md) says which records there are and who reads
/// them. The two cannot drift: the same records, and each read by the same policies.
@Suite("Native logging table")
struct NativeLoggingTableTests {
    /// The rows of the first table under `header`: each row's record names (a cell can name
    /// two: `finish`, `url-change`) with its cell in `column`.
    static func rows(_ file: String, header: String, column: Int) throws -> [String: String] {
        let text = try String(contentsOfFile: Fixtures.root.path + "/" + file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix(header) }, "\(file) has no table \(header)")
        var rows: [String: String] = [:]
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in cells[0].split(separator: ",") {
                rows[name.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[column]
            }
        }
        return rows
    }

    @Test("the logging guide's table has exactly the format's records a policy reads, read by the same policies")
    func sameRecords() throws {
        let format = try Self.rows("docs/recording-format.md", header: "| `type` | fields | read by |", column: 2)
        let guide = try Self.rows("docs/native-logging.md", header: "| record | read by |", column: 1)
        let read = format.filter { $0.value != "observed" }
        #expect(
            Set(guide.keys) == Set(read.keys),
            "in the format only: \(Set(read.keys).subtracting(guide.keys)); in the guide only: \(Set(guide.keys).subtracting(read.keys))")
        let policies = ["error view", "launch", "archive cache", "compared by `explain`"]
        for (record, readers) in guide {
            for policy in policies {
                #expect(
                    readers.contains(policy) == (read[record] ?? "").contains(policy),
                    "\(record): the guide says \(readers), the format \(read[record] ?? "nothing")")
            }
        }
    }
}
