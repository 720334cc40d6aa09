import Replay

/// What the detectors found in one step, in the order they found it, for the analyzer to count
/// and hand on. A finding itself (its lines, its detail) is made only for an explanation; the
/// buffers keep their capacity, so counting costs no allocation a record.
/// A finding the config switches off (`FindingRules`) is dropped here, before anything counts it.
struct FoundFindings: Sendable {
    let explains: Bool
    let rules: FindingRules
    private(set) var kinds: [BannerFinding.Kind] = []
    private(set) var findings: [BannerFinding] = []

    init(explaining: Bool, rules: FindingRules = FindingRules()) {
        explains = explaining
        self.rules = rules
    }

    mutating func report(_ kind: BannerFinding.Kind, _ finding: @autoclosure () -> BannerFinding) {
        guard let level = rules.level(of: kind.id, kind.level) else { return }
        kinds.append(kind)
        if explains {
            var made = finding()
            made.level = level
            findings.append(made)
        }
    }

    mutating func removeAll() {
        kinds.removeAll(keepingCapacity: true)
        findings.removeAll(keepingCapacity: true)
    }
}
