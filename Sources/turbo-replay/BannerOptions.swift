import OfflineBanner
import TurboRecording

/// The options that configure the banner, shared by every command that replays one.
/// Later sources win: defaults, then `--config`, then the single-setting options (a
/// `--variant` is added to the config's).
enum BannerOptions {
    static let specs: [CommandSpec.Option] = [
        .init(name: "locale", value: "es|en", help: "Built-in copy to use (default: es, or the config's)."),
        .init(name: "config", value: "FILE", help: "JSON file with strings, contexts and timings (see README)."),
        .init(name: "debounce-ms", value: "N", help: "Offline debounce in milliseconds (default: 800)."),
        .init(name: "flash-ms", value: "N", help: "Back-online flash in milliseconds (default: 2000)."),
    ]

    /// `--variant NAME`: for the commands that replay one controller (`whatif` and `tune`
    /// compare several and say so in their own options).
    static let variantSpec = CommandSpec.Option(
        name: "variant", value: "NAME",
        help: "Replay under a variant of the controller instead of v1: \(BannerVariant.allCases.map(\.name).joined(separator: ", ")).")

    /// The variant `--variant` names, if given.
    static func variant(_ arguments: ParsedArguments, command: String) throws -> BannerVariant? {
        guard let name = arguments.values["variant"] else { return nil }
        return try variant(named: name, command: command)
    }

    static func variant(named name: String, command: String) throws -> BannerVariant {
        guard let variant = BannerVariant(name: name) else {
            var message = "unknown variant '\(name)'; use " + BannerVariant.allCases.map { "--variant \($0.name)" }.joined(separator: " or ")
            if name == "v1" { message += " (v1 is the default: leave --variant out)" }
            throw UsageError(message: message, command: command)
        }
        return variant
    }

    static func settings(_ arguments: ParsedArguments, command: String) throws -> BannerSettings {
        var settings = try copySettings(arguments, command: command)
        if let value = arguments.values["debounce-ms"] {
            settings.debounce = try milliseconds(value, option: "debounce-ms", command: command)
        }
        if let value = arguments.values["flash-ms"] {
            settings.flash = try milliseconds(value, option: "flash-ms", command: command)
        }
        if let variant = try variant(arguments, command: command) { settings.variants.insert(variant) }
        return settings
    }

    /// Defaults, then `--config`, then `--locale`: for `tune`, which sets timings and variants itself.
    static func copySettings(_ arguments: ParsedArguments, command: String) throws -> BannerSettings {
        var locale: BannerLocale?
        if let name = arguments.values["locale"] {
            guard let chosen = BannerLocale(rawValue: name) else {
                throw UsageError(message: "unknown locale '\(name)'; use --locale es or --locale en", command: command)
            }
            locale = chosen
        }
        let config = try arguments.values["config"].map(BannerConfig.load(path:)) ?? BannerConfig()
        return config.settings(locale: locale)
    }

    static func milliseconds(_ text: String, option: String, command: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError(message: "'--\(option)' takes a number of milliseconds, 0 or more (got '\(text)')", command: command)
        }
        return value
    }
}
