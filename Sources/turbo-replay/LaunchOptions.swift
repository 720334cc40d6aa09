import LaunchPolicy
import PolicyCore
import TurboRecording

/// The options that configure the launch policy and the comparison with the app's
/// `app-screen` log. They apply over `--config`'s `"launch"` object.
enum LaunchOptions {
    static let stall = CommandSpec.Option(
        name: "stall-ms", value: "N", help: "The loading screen's stall timer, in ms (default: 10000).")
    static let tolerance = CommandSpec.Option(
        name: "tolerance-ms", value: "N", help: "How long the app's app-screen log may disagree with the policy, in ms (default: 500).")

    /// The native options a launch replay reads: the platform (it classifies `presented`) and a config file.
    static let native = NativeOptions.specs.filter { $0.name == "platform" } + [
        .init(name: "config", value: "FILE", help: #"Native config JSON: platform, and "launch": {"stallMs": N, "toleranceMs": N}."#),
    ]

    /// The tolerance when nothing sets it.
    static let defaultTolerance: Double = 500

    /// `config` with the launch options of `arguments` over its `"launch"` object.
    static func apply(_ arguments: ParsedArguments, to config: NativeConfig, command: String) throws -> NativeConfig {
        var options = LaunchConfig()
        if let value = arguments.values["stall-ms"] {
            options.stall = try milliseconds(value, option: "stall-ms", command: command)
        }
        if let value = arguments.values["tolerance-ms"] {
            options.tolerance = try milliseconds(value, option: "tolerance-ms", command: command)
        }
        var config = config
        config.launch = config.launch.overridden(by: options)
        return config
    }

    /// "ios: stall 10000 ms"
    static func describe(_ settings: LaunchSettings) -> String {
        "\(settings.platform.rawValue): stall \(formatMilliseconds(settings.stall)) ms"
    }

    private static func milliseconds(_ text: String, option: String, command: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError(message: "'--\(option)' takes a number of milliseconds, 0 or more (got '\(text)')", command: command)
        }
        return value
    }
}
