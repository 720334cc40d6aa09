/// What the detectors found in one step, in the order they found it, for the analyzer to count
/// and hand on. A finding itself (its lines, its detail) is made only for an explanation; the
/// buffers keep their capacity, so counting costs no allocation a record.
struct FoundFindings: Sendable {
    let explains: Bool
    private(set) var kinds: [BannerFinding.Kind] = []
    private(set) var findings: [BannerFinding] = []

    init(explaining: Bool) {
        explains = explaining
    }

    mutating func report(_ kind: BannerFinding.Kind, _ finding: @autoclosure () -> BannerFinding) {
        kinds.append(kind)
        if explains { findings.append(finding()) }
    }

    mutating func removeAll() {
        kinds.removeAll(keepingCapacity: true)
        findings.removeAll(keepingCapacity: true)
    }
}
