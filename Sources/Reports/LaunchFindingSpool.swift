import NativeFindings
import Replay
import TurboRecording

/// The launch's findings of a native log, as its analyzer lists them at the log's end (by
/// time, then kind, each kind's in the order decided; the config's rules applied), kept on
/// disk past a few megabytes (`SortedSpool`) instead of in the analyzer until the end.
final class LaunchFindingSpool {
    private let rules: FindingRules
    private let sorted: SortedSpool
    private var added: UInt64 = 0
    private(set) var failure: (any Error)?

    init(rules: FindingRules, budget: Int = SessionLayerFindings.sortBudget) {
        self.rules = rules
        sorted = SortedSpool(budget: budget)
    }

    /// How many runs of findings went to disk.
    var runsWritten: Int { sorted.runsWritten }

    /// Findings in the order decided; `ruled`: the rules already applied (the analyzer's `finish`).
    func add(_ findings: [LaunchFinding], ruled: Bool) {
        for var finding in findings {
            if !ruled {
                guard let level = rules.level(of: finding.kind.rawValue, finding.level) else { continue }
                finding.level = level
            }
            var key = SortKey()
            key.append(finding.t)
            key.append(UInt8(LaunchFindingKind.allCases.firstIndex(of: finding.kind)!))
            key.append(added)
            added += 1
            do {
                try sorted.add(key: key.bytes, value: Array(finding.jsonLine.utf8))
            } catch {
                if failure == nil { failure = error }
            }
        }
    }

    /// Every finding's JSON line, in order; once.
    func drain(_ found: (String) -> Void) {
        do {
            var cursor = try sorted.sorted()
            while let entry = try cursor.next() { found(String(decoding: entry.value, as: UTF8.self)) }
        } catch {
            if failure == nil { failure = error }
        }
    }
}
