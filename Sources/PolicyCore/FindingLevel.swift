/// How much a finding asks of whoever reads it. Every finding id of every layer has one, so
/// that a script or a CI job can tell a log with something wrong in it from a log that only
/// shows a policy doing what it was designed to do.
public enum FindingLevel: String, CaseIterable, Comparable, Sendable {
    /// The design doing its job, worth knowing (a debounce that swallowed a flap), nothing to fix.
    case info
    /// Something to look at or fix: a user saw something wrong, or the app and the policy disagree.
    case warning

    /// The order reports list levels in: the one that asks most first.
    public static let reportOrder: [FindingLevel] = [.warning, .info]

    public static func < (a: FindingLevel, b: FindingLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The least level whose findings fail a run (`explain`'s exit status 1): `warning` by default,
/// so that a log showing only `info` findings passes; `info` fails on any finding; `never`
/// reports findings without failing.
public enum FailOn: String, CaseIterable, Sendable {
    case warning
    case info
    case never

    public static let `default` = FailOn.warning

    /// Whether findings of these levels fail the run: the one decision behind every command's
    /// "findings" exit status, whichever layer the findings come from.
    public func fails<Levels: Sequence>(_ levels: Levels) -> Bool where Levels.Element == FindingLevel {
        switch self {
        case .never: return false
        case .info: return levels.contains { _ in true }
        case .warning: return levels.contains { $0 >= .warning }
        }
    }
}
