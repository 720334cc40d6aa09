import NativeErrorPolicy

/// The error view's decisions in one log, by kind: what `stats` counts of them.
package struct ErrorViewSummary: Equatable, Sendable {
    /// Error views presented, by the variant they got (`none`: a 401, no view).
    package var views: [ErrorVariant: Int] = [:]
    /// Automatic retries, by what triggered them.
    package var automaticRetries: [RetryTrigger: Int] = [:]
    package var manualRetries = 0
    /// Automatic retries the Android cooldown made wait.
    package var deferred = 0

    package init() {}

    package mutating func note(_ decision: Decision) {
        switch decision.outcome {
        case .view(let variant): views[variant, default: 0] += 1
        case .retry(.automatic(let trigger)): automaticRetries[trigger, default: 0] += 1
        case .retry(.manual): manualRetries += 1
        case .deferred: deferred += 1
        }
    }
}
