import PolicyCore
import TurboRecording

/// A line diff of a golden and a replayed timeline, for a person: `-` only in the golden, `+`
/// only in the replay, the first difference marked with `>`; then, for each difference, the
/// golden's `file:line` and what differs, key by key (`label: "Sin conexion" ≠ "Sin
/// conexión"`, golden first). Records are matched as JSON values (a longest common
/// subsequence; past a million cells, record by record, so a huge timeline cannot exhaust memory).
/// Under a tolerance, records match as `tolerance` says, and only the times beyond it are named.
/// A diff of part of the timelines (`TimelineComparison`) says how many equal records come
/// before it (`equalBefore`) and, in `cut`, what comes after it that is not shown.
func timelineDiff(
    golden: String, expected: [JSONLineValue], actual: TimelineLines, tolerance: Tolerance = .exact,
    equalBefore: Int = 0, cut: String? = nil
) -> String {
    let steps = diffSteps(expected.map(\.value), actual.values, matching: tolerance.matches)
    var rows: [String] = []
    if equalBefore > 0 { rows.append("    … \(equalBefore) equal records") }
    var marked = false
    for step in steps {
        let mark = marked || step.kind == .same ? " " : ">"
        if step.kind != .same { marked = true }
        switch step.kind {
        case .same: rows.append("    \(expected[step.expected!].text)")
        case .removed: rows.append("\(mark) - \(expected[step.expected!].text)")
        case .added: rows.append("\(mark) + \(actual.lines[step.actual!])")
        case .elided(let count): rows.append("    … \(count) equal records")
        }
    }
    if let cut { rows.append(cut) }
    let within = tolerance.isExact ? "" : "; times within \(tolerance) match"
    rows.append("what differs (\(golden):LINE, golden ≠ replayed\(within)):")
    rows += explain(steps, golden: golden, expected: expected, actual: actual, tolerance: tolerance)
    return rows.joined(separator: "\n")
}

/// `- ` then `+ ` in one run are the same record changed: they are paired in order and
/// compared key by key; what is left over was dropped or added.
private func explain(
    _ steps: [DiffStep], golden: String, expected: [JSONLineValue], actual: TimelineLines,
    tolerance: Tolerance
) -> [String] {
    var rows: [String] = []
    var index = 0
    var lastGoldenLine = 0
    while index < steps.count {
        if steps[index].kind == .same {
            lastGoldenLine = expected[steps[index].expected!].line
            index += 1
            continue
        }
        if case .elided = steps[index].kind { index += 1; continue }
        var removed: [Int] = [], added: [Int] = []
        while index < steps.count, steps[index].kind == .removed || steps[index].kind == .added {
            if steps[index].kind == .removed { removed.append(steps[index].expected!) } else { added.append(steps[index].actual!) }
            index += 1
        }
        for pair in 0..<max(removed.count, added.count) {
            switch (pair < removed.count ? removed[pair] : nil, pair < added.count ? added[pair] : nil) {
            case let (e?, a?):
                rows.append("  \(golden):\(expected[e].line): " + keyDifferences(expected[e].value, actual.values[a], tolerance: tolerance))
                lastGoldenLine = expected[e].line
            case let (e?, nil):
                rows.append("  \(golden):\(expected[e].line): not replayed")
                lastGoldenLine = expected[e].line
            case let (nil, a?):
                let place = lastGoldenLine == 0 ? "before the golden's first record" : "after its line \(lastGoldenLine)"
                rows.append("  \(golden): replayed record \(actual.offset + a + 1) is not in the golden (\(place))")
            case (nil, nil):
                break
            }
        }
    }
    return rows
}

/// `key: golden ≠ replayed` for every key whose value differs, `(absent)` for a missing key.
/// Under a tolerance a time within it is not named, and one beyond it says by how much.
func keyDifferences(_ expected: JSONValue, _ actual: JSONValue, tolerance: Tolerance = .exact) -> String {
    guard case .object(let e) = expected, case .object(let a) = actual else { return "\(expected) ≠ \(actual)" }
    // In the order of the replayed line's keys as the contracts print them (t first), then the golden's extras.
    let order = ["t", "banner", "submit", "surface", "screen", "launch", "capture", "served", "miss", "passed"]
    let keys = Set(e.keys).union(a.keys)
        .sorted { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }
    // A key whose values match has no differences, and says nothing.
    return keys.flatMap { key -> [String] in
        guard let x = e[key], let y = a[key] else {
            return ["\(key): \(e[key]?.description ?? "(absent)") ≠ \(a[key]?.description ?? "(absent)")"]
        }
        return tolerance.differences(key: key, x, y).map { path, slack in
            let (g, r) = (value(at: path.dropFirst(), in: x), value(at: path.dropFirst(), in: y))
            var text = "\(path.joined(separator: ".")): \(g?.description ?? "(absent)") ≠ \(r?.description ?? "(absent)")"
            if let slack, case .number(let m)? = g, case .number(let n)? = r {
                text += " (\(formatMilliseconds(abs(m - n))) ms apart, beyond ±\(formatMilliseconds(slack)) ms)"
            }
            return text
        }
    }.joined(separator: "; ")
}

/// The value at `path` (`["dropToPill", "max"]`) inside `value`.
private func value(at path: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
    var current: JSONValue? = value
    for key in path {
        guard case .object(let object)? = current else { return nil }
        current = object[key]
    }
    return current
}

struct DiffStep: Equatable {
    enum Kind: Equatable { case same, removed, added, elided(Int) }
    var kind: Kind
    var expected: Int?
    var actual: Int?
}

/// The steps that turn `expected` into `actual`.
func diffSteps(
    _ expected: [JSONValue], _ actual: [JSONValue],
    matching same: (JSONValue, JSONValue) -> Bool = { $0 == $1 }
) -> [DiffStep] {
    let n = expected.count, m = actual.count
    guard n * m <= 1_000_000 else { return positionalSteps(expected, actual, matching: same) }
    var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            common[i][j] = same(expected[i], actual[j]) ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var steps: [DiffStep] = []
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, same(expected[i], actual[j]) {
            steps.append(DiffStep(kind: .same, expected: i, actual: j))
            i += 1; j += 1
        } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
            steps.append(DiffStep(kind: .removed, expected: i, actual: nil))
            i += 1
        } else {
            steps.append(DiffStep(kind: .added, expected: nil, actual: j))
            j += 1
        }
    }
    return steps
}

/// For huge timelines: the equal prefix elided, then the first differing record of each side.
private func positionalSteps(
    _ expected: [JSONValue], _ actual: [JSONValue],
    matching same: (JSONValue, JSONValue) -> Bool
) -> [DiffStep] {
    guard
        let first = (0..<max(expected.count, actual.count)).first(where: {
            $0 >= expected.count || $0 >= actual.count || !same(expected[$0], actual[$0])
        })
    else { return [] }
    var steps = [DiffStep(kind: .elided(first), expected: nil, actual: nil)]
    if first < expected.count { steps.append(DiffStep(kind: .removed, expected: first, actual: nil)) }
    if first < actual.count { steps.append(DiffStep(kind: .added, expected: nil, actual: first)) }
    return steps
}
