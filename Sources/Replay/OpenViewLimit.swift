import NativeErrorPolicy
import TurboRecording

/// The bound on error views open at once in a replay of a native log. The policy is exact only
/// with every open view (each is real state: its variant, its timers, its place in the order an
/// edge settles them in), so what a replay holds grows with the views a log leaves open. A real
/// app has a handful (its tabs, a modal or two); a log that opens thousands and never dismisses
/// them is not one, and past the bound the replay stops with a data error naming the line,
/// rather than grow without end or drop views and answer wrongly. `--max-open-views N` raises it.
///
/// The check is the shell's: the policy only counts its views (`RetryPolicy.openViews`, O(1)),
/// and every loop that replays a native log through it asks after each record.
public struct OpenViewLimit: Equatable, Sendable {
    /// Ten thousand views: a few MB of policy state, far above any real screen.
    public static let defaultBound = 10_000

    public let bound: Int

    public init(bound: Int = OpenViewLimit.defaultBound) {
        self.bound = bound
    }

    /// The config's `maxOpenViews`, else the default.
    public init(_ config: NativeConfig) {
        self.init(bound: config.maxOpenViews ?? Self.defaultBound)
    }

    /// Throws a data error (exit 65) naming `path:line` when the record at `line` left more
    /// views open than the bound. Lenient reading does not skip it: the line is well-formed,
    /// the log is one this replay will not hold.
    public func check(_ openViews: Int, line: Int, path: String) throws {
        guard openViews > bound else { return }
        throw RecordingError(.malformed, path: path, line: line, message(openViews))
    }

    /// What the error says.
    func message(_ openViews: Int) -> String {
        "this record leaves \(openViews) error views open at once, over the bound of \(bound) "
            + "(a real app shows a handful; each open view is kept until it is dismissed, retried or replaced); "
            + "to replay it anyway, raise the bound: --max-open-views \(2 * bound)"
    }
}
