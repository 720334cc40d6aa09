import LaunchPolicy
import NativeErrorPolicy
import OfflineBanner
import PolicyCore
import PolicyRegistry
import Replay
import TurboRecording

/// The options that configure the native policies, shared by `native`, `launch`, `render`
/// and `explain` on a native log. Later sources win: the recording's `meta` (its platform) and
/// the defaults, then `--config`, then the single-setting options.
struct NativeOptions {
    static let platform = Option(
        name: "platform", value: "ios|android", help: "Platform to replay as, over the recording's meta (default: its meta, else ios).")
    static let config = Option.config(.native)
    static let settle = Option(name: "settle-ms", value: "N", help: "Settle delay after an edge or an iOS foreground, in ms (default: 400).")
    static let probe = Option(name: "probe-ms", value: "N", help: "Settling probe when presented on a healthy path, in ms (default: 2500).")
    static let cooldown = Option(name: "cooldown-ms", value: "N|none", help: "Least time between automatic retries (default: 15000 on Android, none on iOS).")
    /// `--variant NAME` on `native`; `explain` and `render` take one `--variant` for either
    /// layer (LayerOptions.variant), read here for a native log.
    static let variant = Option.variant(.retry)
    static let stall = Option(name: "stall-ms", value: "N", help: "The loading screen's stall timer, in ms (default: 10000).")
    static let tolerance = Option.tolerance(.appScreen)
    /// Every command that replays a native log through the retry policy takes it: `native`,
    /// `explain`, `render`, `session`, `stats`, `check`, `whatif` (OpenViewLimit).
    static let maxOpenViews = Option(
        name: "max-open-views", value: "N",
        help: "Error views a native log may leave open at once before the replay stops with exit 65 (default: \(OpenViewLimit.defaultBound)).")

    /// The parts of the native settings a command takes from its command line: the group's
    /// options are `options(parts)`, and `init` reads exactly those, so the two cannot part.
    struct Parts: OptionSet, Sendable {
        let rawValue: Int
        /// `--config` (unless the command hands a config in), `--platform`: always read.
        static let configFile = Parts(rawValue: 1)
        /// The error view's timings: `--settle-ms`, `--probe-ms`, `--cooldown-ms`.
        static let retryTimings = Parts(rawValue: 2)
        static let stall = Parts(rawValue: 4)
        static let tolerance = Parts(rawValue: 8)
        /// `--variant` of the retry policy.
        static let variant = Parts(rawValue: 16)
        /// `--max-open-views`: the bound on the replay, on every command that runs the retry policy.
        static let openViews = Parts(rawValue: 32)
        /// Every option of the native policies but the variant (`explain` reads its own).
        static let settings: Parts = [.configFile, .retryTimings, .stall, .tolerance, .openViews]
    }

    /// The options `init` reads for `parts`, in the order `--help` lists them; `config` is the
    /// help the command gives `--config`.
    static func options(_ parts: Parts, config: Option = Self.config) -> [Option] {
        [platform] + (parts.contains(.configFile) ? [config] : []) + (parts.contains(.retryTimings) ? [settle, probe, cooldown] : [])
            + (parts.contains(.stall) ? [stall] : []) + (parts.contains(.tolerance) ? [tolerance] : [])
            + (parts.contains(.variant) ? [variant] : []) + (parts.contains(.openViews) ? [maxOpenViews] : [])
    }
    /// Every option of the native policies but the variant.
    static let options = options(.settings)

    /// The tolerance when nothing sets it.
    static let defaultTolerance: Double = 500

    var config: NativeConfig

    /// `config`, when given, is used in place of `--config` (see `BannerOptions.init`), and
    /// `parts` must then leave `.configFile` out.
    init(_ arguments: ParsedArguments, command: String, config given: NativeConfig? = nil, reading parts: Parts) throws {
        precondition(given == nil || !parts.contains(.configFile), "a config handed in and --config both")
        config = try given ?? (parts.contains(.configFile) ? arguments.value(Self.config).map(NativeConfig.load(path:)) : nil) ?? NativeConfig()
        // Its `findings` name only ids the registry knows (exit 65 otherwise).
        _ = try FindingRules(config.findings, path: arguments.value(Self.config) ?? "--config")
        var options = NativeConfig()
        if let name = arguments.value(Self.platform) {
            guard let platform = Platform(rawValue: name) else {
                throw UsageError(message: "unknown platform '\(name)'; use --platform ios or --platform android", command: command)
            }
            options.platform = platform
        }
        if parts.contains(.retryTimings) { try Self.readTimings(arguments, into: &options, command: command) }
        if parts.contains(.variant), let name = arguments.value(Self.variant) {
            options.variant = try Self.variant(named: name, command: command)
        }
        config = config.overridden(by: options)
        var launch = LaunchConfig()
        if parts.contains(.stall), let value = arguments.value(Self.stall) {
            launch.stall = try milliseconds(value, option: Self.stall, command: command)
        }
        if parts.contains(.tolerance), let value = arguments.value(Self.tolerance) {
            launch.tolerance = try milliseconds(value, option: Self.tolerance, command: command)
        }
        config.launch = config.launch.overridden(by: launch)
        if parts.contains(.openViews) { config.maxOpenViews = try Self.maxOpenViews(arguments, command: command) ?? config.maxOpenViews }
    }

    /// `--max-open-views N`, for a command that reads it without the rest of the group
    /// (`stats`, `check`, `whatif`): a whole number, 1 or more.
    static func maxOpenViews(_ arguments: ParsedArguments, command: String) throws -> Int? {
        guard let text = arguments.value(Self.maxOpenViews) else { return nil }
        guard text.allSatisfy(\.isASCII), let bound = Int(text), bound >= 1 else {
            throw UsageError(message: "'\(Self.maxOpenViews.spelling)' takes a number of views, 1 or more (got '\(text)')", command: command)
        }
        return bound
    }

    private static func readTimings(_ arguments: ParsedArguments, into options: inout NativeConfig, command: String) throws {
        if let value = arguments.value(Self.settle) {
            options.settle = try milliseconds(value, option: Self.settle, command: command)
        }
        if let value = arguments.value(Self.probe) {
            options.probe = try milliseconds(value, option: Self.probe, command: command)
        }
        if let value = arguments.value(Self.cooldown) {
            options.cooldown =
                value == "none"
                ? NativeConfig.Cooldown.none
                : .milliseconds(try milliseconds(value, option: Self.cooldown, command: command, orNone: true))
        }
    }

    static func variant(named name: String, command: String) throws -> RetryVariant {
        guard let variant = RetryVariant(name: name) else {
            let use = RetryVariant.allCases.map { "--variant \($0.name)" }.joined(separator: " or ")
            if BannerVariant(name: name) != nil {
                throw UsageError(
                    message: "'\(name)' is a variant of the banner, for web recordings; a native log takes \(use)",
                    command: command)
            }
            var message = "unknown variant '\(name)'; use \(use)"
            if name == "v1" { message += " (v1 is the default: leave --variant out)" }
            throw UsageError(message: message, command: command)
        }
        return variant
    }
}
