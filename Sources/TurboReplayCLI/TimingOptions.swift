/// `--debounce-ms` and `--flash-ms`: each one option, whose value is one timing of the banner,
/// the timings `tune` tries, or (`--debounce-ms` on `archive`) the web-archive cache's capture
/// debounce, which is not the banner's. The help says exactly which on each command.
extension Option {
    enum TimingUse {
        /// One value of the banner's setting.
        case banner
        /// `tune`: a comma-separated list of values to try.
        case tried
        /// `archive`: the web-archive cache's capture debounce (for `--debounce-ms`).
        case archiveCapture
    }

    static func debounce(_ use: TimingUse) -> Option {
        let (value, help) =
            switch use {
            case .banner: ("N", "The banner's offline debounce: how long offline must last before the pill shows, in ms (default: 800).")
            case .tried:
                ("LIST", "The banner's offline debounces to try, comma-separated, in ms (e.g. 300,800,1500; default: 800, or the config's).")
            case .archiveCapture:
                ("N", "The archive cache's capture debounce: how long a URL must stay put after a url-change to be captured, in ms (default: 2000).")
            }
        return Option(name: "debounce-ms", value: value, help: help)
    }

    static func flash(_ use: TimingUse) -> Option {
        precondition(use != .archiveCapture, "the archive cache has no flash")
        let (value, help) =
            use == .tried
            ? ("LIST", "Back-online flashes to try, comma-separated (default: 2000, or the config's).")
            : ("N", "Back-online flash in milliseconds (default: 2000).")
        return Option(name: "flash-ms", value: value, help: help)
    }
}
