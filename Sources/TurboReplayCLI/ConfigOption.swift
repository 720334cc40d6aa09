/// `--config FILE`: one option, whose file is a different config on different commands. Its
/// help says which, exactly, on each.
extension Option {
    enum ConfigFile {
        /// The banner's config (`replay`, `whatif`, `stats`, `tune`).
        case banner
        /// A native config, for the error view's policy and the launch (`native`).
        case native
        /// A native config as the launch reads it (`launch`).
        case launch
        /// A native config as the web-archive cache reads it (`archive`).
        case archive
        /// An app session's config, holding both layers' (`session`).
        case session
        /// The config of whichever layer the recording is (`explain`, `render`).
        case layer
    }

    static func config(_ file: ConfigFile) -> Option {
        let help =
            switch file {
            case .banner: "JSON file with strings, contexts and timings (see docs/cli.md)."
            case .native: "JSON file with platform, settleMs, probeMs, cooldownMs (null: none)."
            case .launch: #"Native config JSON: platform, and "launch": {"stallMs": N, "toleranceMs": N}."#
            case .archive: #"Native config file; its "archive" object sets debounceMs, staleMs, stripParams, maxArchives."#
            case .session: #"JSON: {"web": {banner config}, "native": {native config}, "lateMs": N, "offsetMs": N}, all optional."#
            case .layer:
                "JSON file: for a web recording the banner's (strings, contexts, timings), for a native log a native config (see docs/cli.md)."
            }
        return Option(name: "config", value: "FILE", help: help)
    }
}
