/// A line diff of two timelines for a person: `-` only in the golden, `+` only in the replay,
/// the first differing record marked with `>`. Records are matched as JSON values (a longest
/// common subsequence; past a million cells, record by record, so a huge timeline cannot
/// exhaust memory).
public func timelineDiff(expected: [String], expectedValues: [JSONValue],
                         actual: [String], actualValues: [JSONValue]) -> String {
    let n = expectedValues.count, m = actualValues.count
    guard n * m <= 1_000_000 else {
        return positionalDiff(expected: expected, expectedValues: expectedValues, actual: actual, actualValues: actualValues)
    }
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            common[i][j] = expectedValues[i] == actualValues[j]
                ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var rows: [String] = []
    var marked = false
    func mark() -> String {
        if marked { return " " }
        marked = true
        return ">"
    }
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, expectedValues[i] == actualValues[j] {
            rows.append("    \(expected[i])")
            i += 1; j += 1
        } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
            rows.append("\(mark()) - \(expected[i])")
            i += 1
        } else {
            rows.append("\(mark()) + \(actual[j])")
            j += 1
        }
    }
    return rows.joined(separator: "\n")
}

private func positionalDiff(expected: [String], expectedValues: [JSONValue],
                            actual: [String], actualValues: [JSONValue]) -> String {
    guard let first = (0..<max(expected.count, actual.count)).first(where: {
        $0 >= expected.count || $0 >= actual.count || expectedValues[$0] != actualValues[$0]
    }) else { return "" }
    var rows = ["    … \(first) equal records"]
    if first < expected.count { rows.append("> - \(expected[first])") }
    if first < actual.count { rows.append("> + \(actual[first])") }
    rows.append("    … (\(expected.count) records expected, \(actual.count) replayed)")
    return rows.joined(separator: "\n")
}
