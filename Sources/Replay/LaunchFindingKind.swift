import PolicyCore

/// The launch's findings, with their levels; read by the policies' registry
/// (`PolicyDescription.launch`). `LaunchFinding` holds one with its evidence.
package enum LaunchFindingKind: String, CaseIterable, Comparable, Sendable {
    /// The loading screen stayed up for the stall time with neither a page nor an error.
    case stalled
    /// The app's own `app-screen` log disagreed with the policy for longer than the tolerance.
    case screenMismatch = "screen-mismatch"
    /// The mismatch that matters most: the app still on `loading` while the policy says
    /// `error` — an error view the user cannot see.
    case errorBehindLoading = "error-behind-loading"

    /// Each is a user looking at the wrong root screen: a loading screen that never ends, a
    /// screen the policy would not show, an error the user cannot see.
    package var level: FindingLevel { .warning }

    package static func < (a: LaunchFindingKind, b: LaunchFindingKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
