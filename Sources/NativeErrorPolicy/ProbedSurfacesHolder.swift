/// What remembers, under `probe-once`, the surfaces whose probe retried since the last edge: the
/// policy, or what holds one. A replay may take them out and give each back before a view is
/// presented on its surface (`RetryPolicy.takeProbedSinceEdge`), so that a log probing ever new
/// surfaces with no edge keeps them on disk rather than in the policy.
public protocol ProbedSurfacesHolder {
    /// Changes each time the policy forgets them (an edge, a launch).
    var probeEpoch: Int { get }
    /// How many it holds now.
    var probedCount: Int { get }
    mutating func takeProbedSinceEdge() -> [String]
    mutating func restoreProbed(_ surface: String)
}

extension RetryPolicy: ProbedSurfacesHolder {
    public var probedCount: Int { probedSinceEdge.count }
}
