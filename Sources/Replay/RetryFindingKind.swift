import PolicyCore

/// The error view's findings against the app's own `app-retry` lines, with their levels; read by
/// the policies' registry (`PolicyDescription.errorView`). `RetryFinding` holds one with its evidence.
package enum RetryFindingKind: String, CaseIterable, Equatable, Sendable {
    /// The policy retried automatically and the app logged no automatic retry on that
    /// surface within the window: a starved surface, or a "retrying automatically" caption
    /// that was not true.
    case missedRetry = "missed-retry"
    /// The app logged an automatic retry where the policy has none within the window: a
    /// server view hammered, a second retry of one instance, a retry inside the cooldown.
    case unexpectedRetry = "unexpected-retry"

    /// Both are the app off its policy: a user left waiting, or a server hammered.
    package var level: FindingLevel { .warning }
}
