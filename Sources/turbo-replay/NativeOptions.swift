import NativeErrorPolicy
import PolicyCore
import TurboRecording

/// The options that configure the native policy. Later sources win: the recording's `meta`
/// (its platform) and the defaults, then `--config`, then the single-setting options.
enum NativeOptions {
    static let specs: [CommandSpec.Option] = [
        .init(name: "platform", value: "ios|android", help: "Platform to replay as, over the recording's meta (default: its meta, else ios)."),
        .init(name: "config", value: "FILE", help: "JSON file with platform, settleMs, probeMs, cooldownMs (null: none)."),
        .init(name: "settle-ms", value: "N", help: "Settle delay after an edge or an iOS foreground, in ms (default: 400)."),
        .init(name: "probe-ms", value: "N", help: "Settling probe when presented on a healthy path, in ms (default: 2500)."),
        .init(name: "cooldown-ms", value: "N|none", help: "Least time between automatic retries (default: 15000 on Android, none on iOS)."),
    ]

    static func config(_ arguments: ParsedArguments, command: String) throws -> NativeConfig {
        var config = try arguments.values["config"].map(NativeConfig.load(path:)) ?? NativeConfig()
        var options = NativeConfig()
        if let name = arguments.values["platform"] {
            guard let platform = Platform(rawValue: name) else {
                throw UsageError(message: "unknown platform '\(name)'; use --platform ios or --platform android", command: command)
            }
            options.platform = platform
        }
        if let value = arguments.values["settle-ms"] {
            options.settle = try milliseconds(value, option: "settle-ms", command: command)
        }
        if let value = arguments.values["probe-ms"] {
            options.probe = try milliseconds(value, option: "probe-ms", command: command)
        }
        if let value = arguments.values["cooldown-ms"] {
            options.cooldown = value == "none" ? NativeConfig.Cooldown.none
                : .milliseconds(try milliseconds(value, option: "cooldown-ms", command: command, orNone: true))
        }
        config = config.overridden(by: options)
        return config
    }

    /// "android: settle 400 ms, probe 2500 ms, cooldown 15000 ms"
    static func describe(_ settings: PolicySettings) -> String {
        let cooldown = settings.cooldown.map { "cooldown \(formatMilliseconds($0)) ms" } ?? "no cooldown"
        return "\(settings.platform.rawValue): settle \(formatMilliseconds(settings.settle)) ms, "
            + "probe \(formatMilliseconds(settings.probe)) ms, \(cooldown)"
    }

    private static func milliseconds(_ text: String, option: String, command: String, orNone: Bool = false) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError(message: "'--\(option)' takes a number of milliseconds, 0 or more\(orNone ? ", or none" : "") (got '\(text)')",
                             command: command)
        }
        return value
    }
}
