import Replay

/// `stats --by`: the fleet's report, and one per group of logs (by release, platform or day),
/// each added up as the fleet's is, log by log in key order. A log is in exactly one group (a
/// log that does not say, or was not read, in `unknown`), and its app session with it, so the
/// groups' logs add up to the fleet's. A merge folds each partial's line into the group the
/// line names, so it prints what one run prints.
package struct GroupedTotals: Sendable {
    package private(set) var all: StatsTotals
    package let by: StatsGrouping
    /// By key; `nil`: the logs that do not say (`unknown`).
    private var groups: [String?: StatsTotals] = [:]

    package init(by: StatsGrouping, rules: FindingRules = FindingRules()) {
        self.by = by
        all = StatsTotals(rules: rules)
    }

    /// The rules every group's report lists and levels its findings by (a merge learns them
    /// from its partials once they are read).
    package var rules: FindingRules {
        get { all.rules }
        set {
            all.rules = newValue
            for key in groups.keys { groups[key]!.rules = newValue }
        }
    }

    /// One log, with its app session, into the fleet's totals and its group's.
    package mutating func add(_ file: StatsFile, session: StatsSession?, group: String?) {
        all.add(file, session: session)
        // In place, as `StatsTotals` adds its kept logs: a group taken out and put back would
        // be copied whole for every log.
        groups[group, default: StatsTotals(rules: all.rules)].add(file, session: session)
    }

    /// Every group, by key in byte order, `unknown` last.
    package var ordered: [(key: String?, totals: StatsTotals)] {
        groups.map { (key: $0.key, totals: $0.value) }.sorted { left, right in
            switch (left.key, right.key) {
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            }
        }
    }
}
