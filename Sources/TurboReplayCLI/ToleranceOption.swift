/// `--tolerance-ms N`: one option, a tolerance in time with two objects: how long the app's
/// app-screen log may disagree with the launch policy (the native commands), or how far a
/// replayed time may be from its golden's (`check`).
extension Option {
    enum ToleranceOf {
        case appScreen
        case golden
    }

    static func tolerance(_ of: ToleranceOf) -> Option {
        let help =
            switch of {
            case .appScreen: "How long the app's app-screen log may disagree with the policy, in ms (default: 500)."
            case .golden:
                "Times (t, until, launchMs, ageMs; a session's drop, edge and end) match within N ms, a session's latencies within 2N (default: 0, exact); NAME.config.json's toleranceMs wins."
            }
        return Option(name: "tolerance-ms", value: "N", help: help)
    }
}
