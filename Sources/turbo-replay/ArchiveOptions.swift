import TurboRecording

/// The options that configure the web-archive cache. Later sources win: the contract's
/// defaults, then `--config` (its `"archive"` object), then the single-setting options.
enum ArchiveOptions {
    static let specs: [CommandSpec.Option] = [
        .init(name: "config", value: "FILE", help: #"Native config file; its "archive" object sets debounceMs, staleMs, stripParams."#),
        .init(name: "debounce-ms", value: "N", help: "How long a URL must stay put after a url-change to be captured, in ms (default: 2000)."),
        .init(name: "stale-ms", value: "N", help: "An archive served older than this is a stale-archive finding, in ms (default: 86400000, 24 h)."),
        .init(name: "strip-param", value: "NAME",
              help: "A query parameter left out of keys; repeat it for more. Given, it replaces the default list (mobile_offline, mobile_app_v2).",
              repeatable: true),
    ]

    static func config(_ arguments: ParsedArguments, command: String) throws -> NativeConfig {
        var config = try arguments.values["config"].map(NativeConfig.load(path:)) ?? NativeConfig()
        var options = ArchiveConfig()
        if let value = arguments.values["debounce-ms"] {
            options.debounce = try milliseconds(value, option: "debounce-ms", command: command)
        }
        if let value = arguments.values["stale-ms"] {
            options.stale = try milliseconds(value, option: "stale-ms", command: command)
        }
        options.stripParams = arguments.all("strip-param")
        config.archive = config.archive.overridden(by: options)
        return config
    }

    private static func milliseconds(_ text: String, option: String, command: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw UsageError(message: "'--\(option)' takes a number of milliseconds, 0 or more (got '\(text)')", command: command)
        }
        return value
    }
}
