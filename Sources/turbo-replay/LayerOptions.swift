import NativeErrorPolicy
import OfflineBanner
import TurboRecording

/// The options of a command that reads either layer's log (`explain`, `render`): which layer
/// the recording is (its first record says, on standard input too) decides which options
/// apply, and `--config` is read as that layer's config file, exactly as the layer's own
/// commands read it. An option of the other layer would do nothing, so it is refused, naming
/// the options that do apply.
enum LayerOptions {
    case web(BannerOptions)
    case native(NativeOptions)

    /// The banner's own options.
    static let webOnly = [BannerOptions.locale, BannerOptions.debounce, BannerOptions.flash]
    /// The native policies' own options.
    static let nativeOnly = NativeOptions.options.filter { $0.name != "config" }
    /// One `--variant` for both layers: its name says which (a banner variant for a web
    /// recording, a retry variant for a native log), and the wrong kind is refused by name.
    static let variant = Option(
        name: "variant", value: "NAME",
        help: "Replay under a variant instead of v1: of the banner for a web recording ("
            + BannerVariant.allCases.map(\.name).joined(separator: ", ") + "), of the retry policy for a native log ("
            + RetryVariant.allCases.map(\.name).joined(separator: ", ") + ").")
    /// Both layers' options, `--config` and `--variant` once.
    static let options = BannerOptions.options + [variant] + nativeOnly

    init(_ arguments: ParsedArguments, input: RecordingInput, command: String) throws {
        switch input.kind {
        case .native:
            if let wrong = arguments.given(among: Self.webOnly).first {
                throw UsageError(
                    message: "'\(wrong.spelling)' applies to web recordings, and \(input.name) is a native log; "
                        + "its options are " + (NativeOptions.options + [Self.variant]).map(\.spelling).joined(separator: ", "),
                    command: command)
            }
            self = .native(try NativeOptions(arguments, command: command))
        case .web:
            if let wrong = arguments.given(among: Self.nativeOnly).first {
                throw UsageError(
                    message: "'\(wrong.spelling)' applies to native logs, and \(input.name) is a web recording; "
                        + "its options are " + (BannerOptions.options + [BannerOptions.variant]).map(\.spelling).joined(separator: ", "),
                    command: command)
            }
            self = .web(try BannerOptions(arguments, command: command))
        }
    }
}
