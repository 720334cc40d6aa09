/// What a fit needs of the pairs conformance made (`SeenPair`: a model change and the `seen`
/// that showed it): per cause, the least and the greatest delta. The least is the fitted
/// timer's base; the two tell whether every pair was later than the tolerance, or earlier. Kept
/// instead of the pairs themselves, so a long recording's conformance holds a few numbers.
public struct SeenPairSummary: Equatable, Sendable {
    private var ranges: [(cause: BannerCause, deltas: ClosedRange<Double>)] = []

    public init() {}

    public init(_ pairs: [SeenPair]) {
        for pair in pairs { add(pair) }
    }

    public mutating func add(_ pair: SeenPair) {
        let delta = pair.deltaMs
        if let index = ranges.firstIndex(where: { $0.cause == pair.change.cause }) {
            let deltas = ranges[index].deltas
            ranges[index].deltas = min(deltas.lowerBound, delta)...max(deltas.upperBound, delta)
        } else {
            ranges.append((pair.change.cause, delta...delta))
        }
    }

    /// The least and greatest delta of the pairs whose change had `cause`; `nil` when none.
    public func deltas(of cause: BannerCause) -> ClosedRange<Double>? {
        ranges.first { $0.cause == cause }?.deltas
    }

    public static func == (a: SeenPairSummary, b: SeenPairSummary) -> Bool {
        a.ranges.count == b.ranges.count
            && a.ranges.allSatisfy { range in b.deltas(of: range.cause) == range.deltas }
    }
}
