import NativeErrorPolicy
import OfflineBanner
import PolicyRegistry
import Replay
import TurboRecording

/// The options that configure the banner, shared by every command that replays one, as
/// swift-argument-parser's `@OptionGroup` would share them. Later sources win: defaults, then
/// `--config`, then the single-setting options (a `--variant` is added to the config's).
struct BannerOptions {
    static let locale = Option(name: "locale", value: "es|en", help: "Built-in copy to use (default: es, or the config's).")
    static let config = Option.config(.banner)
    static let debounce = Option.debounce(.banner)
    static let flash = Option.flash(.banner)
    /// `--variant NAME`: for the commands that replay one controller (`whatif` and `tune`
    /// compare several and say so in their own options).
    static let variant = Option.variant(.banner)

    /// The copy and timing options; `variant` is added by the commands that take it.
    static let options = [locale, config, debounce, flash]
    /// What `init` reads when the command reads the config itself (`session`).
    static let withoutConfig = [locale, debounce, flash]
    /// What `copySettings` reads (`tune`, whose timings are lists).
    static let copyOptions = [locale, config]

    /// Defaults, then `--config`, then `--locale`: the copy, without the timings and variant.
    var copySettings: BannerSettings
    /// Everything: the copy, then `--debounce-ms`, `--flash-ms` and `--variant`.
    var settings: BannerSettings
    var variant: BannerVariant?
    /// The config's `findings`, checked against the registry (an unknown id is exit 65).
    var rules: FindingRules

    /// `config`, when given, is used in place of `--config` (which, for `session`, is the
    /// session's file, holding this config).
    /// `readsVariant` false: the command reads `--variant` itself (`stats`, where it may name
    /// the retry policy's).
    init(_ arguments: ParsedArguments, command: String, config: BannerConfig? = nil, readsVariant: Bool = true) throws {
        let path = arguments.value(Self.config)
        let loaded = try config ?? path.map(BannerConfig.load(path:)) ?? BannerConfig()
        rules = try FindingRules(loaded.findings, path: path ?? "--config")
        copySettings = try Self.copySettings(arguments, command: command, config: loaded)
        settings = copySettings
        if let value = arguments.value(Self.debounce) {
            settings.debounce = try milliseconds(value, option: Self.debounce, command: command)
        }
        if let value = arguments.value(Self.flash) {
            settings.flash = try milliseconds(value, option: Self.flash, command: command)
        }
        variant = readsVariant ? try arguments.value(Self.variant).map { try Self.variant(named: $0, command: command) } : nil
        if let variant { settings.variants.insert(variant) }
    }

    /// Defaults, then `--config`, then `--locale`: for `tune`, whose timings and variants are lists.
    static func copySettings(_ arguments: ParsedArguments, command: String, config given: BannerConfig? = nil) throws -> BannerSettings {
        var locale: BannerLocale?
        if let name = arguments.value(Self.locale) {
            guard let chosen = BannerLocale(rawValue: name) else {
                throw UsageError(message: "unknown locale '\(name)'; use --locale es or --locale en", command: command)
            }
            locale = chosen
        }
        let config = try given ?? arguments.value(Self.config).map(BannerConfig.load(path:)) ?? BannerConfig()
        return config.settings(locale: locale)
    }

    static func variant(named name: String, command: String) throws -> BannerVariant {
        guard let variant = BannerVariant(name: name) else {
            var message = "unknown variant '\(name)'; use " + BannerVariant.allCases.map { "--variant \($0.name)" }.joined(separator: " or ")
            if RetryVariant(name: name) != nil {
                message =
                    "'\(name)' is a variant of the native retry policy, for native logs; a web recording takes "
                    + BannerVariant.allCases.map { "--variant \($0.name)" }.joined(separator: " or ")
            }
            if name == "v1" { message += " (v1 is the default: leave --variant out)" }
            throw UsageError(message: message, command: command)
        }
        return variant
    }
}
