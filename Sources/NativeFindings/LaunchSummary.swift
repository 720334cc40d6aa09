/// What one native log's launches amounted to: the figures `stats` adds up over a fleet.
/// Plain data only, so that summaries made on different machines can be combined.
package struct LaunchSummary: Equatable, Sendable {
    /// `launch` records: cold starts and rebuilds alike (each builds a new root).
    package var launches = 0
    /// Each `ready` decision's `launchMs`: the time from a launch to the web view, in order.
    package var readyMs: [Double] = []
    /// `stalled` decisions.
    package var stalls = 0
    /// Launches during which the root error screen came up.
    package var throughError = 0
    /// Launches during which the offseason screen came up (at the launch, or later).
    package var offseason = 0

    package init() {}
}
