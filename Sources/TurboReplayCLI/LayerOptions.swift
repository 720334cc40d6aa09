import NativeErrorPolicy
import OfflineBanner
import TurboRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of a command that reads either layer's log (`explain`, `render`): which layer
/// the recording is (its first record says, on standard input too) decides which options
/// apply, and `--config` is read as that layer's config file, exactly as the layer's own
/// commands read it. An option of the other layer would do nothing, so it is refused, naming
/// the options that do apply.
enum LayerOptions {
    case web(BannerOptions)
    case native(NativeOptions)

    /// One `--config` for both layers, read as the recording's layer's config file.
    static let config = Option.config(.layer)
    /// One `--variant` for both layers: its name says which (a banner variant for a web
    /// recording, a retry variant for a native log), and the wrong kind is refused by name.
    static let variant = Option.variant(.layer)
    /// The options both layers apply, each in its own way.
    static let shared = [config, variant]
    /// The banner's own options: the group's, but what both layers share.
    static let webOnly = BannerOptions.options.filter { !shared.map(\.name).contains($0.name) }
    /// The native policies' own options, likewise.
    static let nativeOnly = NativeOptions.options(NativeOptions.Parts.settings.subtracting(.configFile))
    /// Both layers' options, `--config` and `--variant` once, in the order `--help` lists them.
    static let options = BannerOptions.options.map { $0.name == config.name ? config : $0 } + [variant] + nativeOnly

    /// The recording at `path`, opened, and its layer's options: what can be refused without
    /// it first (`checkBeforeInput`, which reads `--config`), then its first record read, then
    /// the options it takes.
    static func opening(_ path: String, _ arguments: ParsedArguments, command: String) throws -> (RecordingInput, LayerOptions) {
        let config = try checkBeforeInput(arguments, command: command)
        let input = try RecordingInput(path: path)
        return (input, try LayerOptions(arguments, input: input, config: config, command: command))
    }

    /// `config`: the `--config` file as read, parsed here as the recording's layer's config.
    init(_ arguments: ParsedArguments, input: RecordingInput, config: JSONDocumentFile?, command: String) throws {
        switch input.kind {
        case .native:
            if let wrong = arguments.given(among: Self.webOnly).first {
                throw UsageError(
                    message: "'\(wrong.spelling)' applies to web recordings, and \(input.name) is a native log; "
                        + "its options are " + (NativeOptions.options + [Self.variant]).map(\.spelling).joined(separator: ", "),
                    command: command)
            }
            self = .native(
                try NativeOptions(
                    arguments, command: command, config: try config.map(NativeConfig.load) ?? NativeConfig(),
                    reading: NativeOptions.Parts.settings.union(.variant).subtracting(.configFile)))
        case .web:
            if let wrong = arguments.given(among: Self.nativeOnly).first {
                throw UsageError(
                    message: "'\(wrong.spelling)' applies to native logs, and \(input.name) is a web recording; "
                        + "its options are " + (BannerOptions.options + [BannerOptions.variant]).map(\.spelling).joined(separator: ", "),
                    command: command)
            }
            self = .web(try BannerOptions(arguments, command: command, config: try config.map(BannerConfig.load) ?? BannerConfig()))
        }
    }

    /// What can be refused before the recording's first record says which layer it is, and
    /// would be refused after it whatever the layer: on standard input that record may be long
    /// in coming (`tail -f log | turbo-replay explain --variant typo -`). Options of both
    /// layers at once; a variant of neither; a `--config` that cannot be read; a value its
    /// own layer refuses (refused either way: by that layer, or as the other layer's option).
    /// The `--config` file is read here, once, whole: parsed once the layer is known.
    private static func checkBeforeInput(_ arguments: ParsedArguments, command: String) throws -> JSONDocumentFile? {
        let web = arguments.given(among: webOnly), native = arguments.given(among: nativeOnly)
        if let one = web.first, let other = native.first {
            throw UsageError(
                message: "'\(one.spelling)' applies to web recordings and '\(other.spelling)' to native logs: a recording is one or the other",
                command: command)
        }
        let name = arguments.value(variant)
        if let name, BannerVariant(name: name) == nil, RetryVariant(name: name) == nil {
            let use = { (names: [String]) in names.map { "--variant \($0)" }.joined(separator: " or ") }
            throw UsageError(
                message: "unknown variant '\(name)'; a web recording takes \(use(BannerVariant.allCases.map(\.name))), "
                    + "a native log \(use(RetryVariant.allCases.map(\.name)))"
                    + (name == "v1" ? " (v1 is the default: leave --variant out)" : ""),
                command: command)
        }
        // A variant of one layer with an option of the other: whichever the log, one is refused.
        if let name, let option = (BannerVariant(name: name) != nil ? native : web).first {
            let (variantLayer, optionLayer) = BannerVariant(name: name) != nil ? ("web recordings", "native logs") : ("native logs", "web recordings")
            throw UsageError(
                message: "--variant \(name) applies to \(variantLayer) and '\(option.spelling)' to \(optionLayer): a recording is one or the other",
                command: command)
        }
        let file = try arguments.value(config).map(JSONDocumentFile.init(path:))
        // The values alone: the config is parsed once the layer is known.
        if !web.isEmpty { _ = try BannerOptions(arguments, command: command, config: BannerConfig(), readsVariant: false) }
        if !native.isEmpty, name.map({ RetryVariant(name: $0) != nil }) ?? true {
            _ = try NativeOptions(arguments, command: command, config: NativeConfig(), reading: [.retryTimings, .stall, .tolerance, .variant, .openViews])
        }
        return file
    }
}
