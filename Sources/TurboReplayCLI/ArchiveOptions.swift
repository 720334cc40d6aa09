import PolicyRegistry
import Replay
import TurboRecording

/// The options that configure the web-archive cache. Later sources win: the contract's
/// defaults, then `--config` (its `"archive"` object), then the single-setting options.
struct ArchiveOptions {
    static let config = Option.config(.archive)
    static let debounce = Option.debounce(.archiveCapture)
    static let stale = Option(
        name: "stale-ms", value: "N", help: "An archive served older than this is a stale-archive finding, in ms (default: 86400000, 24 h).")
    static let stripParam = Option(
        name: "strip-param", value: "NAME",
        help: "A query parameter left out of keys; repeat it for more. Given, it replaces the default list (mobile_offline, mobile_app_v2).",
        repeatable: true)
    static let maxArchives = Option(
        name: "max-archives", value: "N",
        help: "The most archives the cache holds; a capture past it evicts the least recently captured (default: 1000).")
    static let options = [config, debounce, stale, stripParam, maxArchives]

    var config: NativeConfig

    init(_ arguments: ParsedArguments, command: String) throws {
        config = try arguments.value(Self.config).map(NativeConfig.load(path:)) ?? NativeConfig()
        // Its `findings` name only ids the registry knows (exit 65 otherwise), as every command's.
        _ = try FindingRules(config.findings, path: arguments.value(Self.config) ?? "--config")
        var options = ArchiveConfig()
        if let value = arguments.value(Self.debounce) {
            options.debounce = try milliseconds(value, option: Self.debounce, command: command)
        }
        if let value = arguments.value(Self.stale) {
            options.stale = try milliseconds(value, option: Self.stale, command: command)
        }
        // A parameter's name is text, not a path: its bytes as they were typed.
        options.stripParams = arguments.values(Self.stripParam)?.map(PathBytes.text)
        if let value = arguments.value(Self.maxArchives) {
            guard let count = Int(value), count >= 1 else {
                throw UsageError(message: "'--max-archives' takes a number of archives, 1 or more (got '\(value)')", command: command)
            }
            options.maxArchives = count
        }
        config.archive = config.archive.overridden(by: options)
    }
}
