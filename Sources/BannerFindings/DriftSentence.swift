import OfflineBanner
import PolicyCore

extension BannerFinding {
    /// What a `banner-drift` says: what the contract shows, what the page showed, the delta
    /// against the tolerance, and the fit when there is one.
    func driftSentence(_ difference: SeenDifference, tolerance: SeenTolerance, fit: SeenFit) -> String {
        let ms = formatMilliseconds
        let said = "The contract shows \(difference.expected) at \(ms(difference.t))"
        let because = difference.cause.map { " (\($0.rawValue))" } ?? ""
        let allowed =
            difference.cause.map { BannerChange(t: 0, banner: .hidden, label: nil, cause: $0).byTimer }
            .map { $0 ? "a timer's change may be up to \(ms(tolerance.timerMs)) ms late, never early" : "an event's change shows within \(ms(tolerance.eventMs)) ms" }
        var sentence: String
        switch difference.kind {
        case .missing:
            sentence = "\(said)\(because); the page never showed it: it kept showing \(difference.shown)."
        case .extra:
            sentence = "The page showed \(difference.shown) at \(ms(difference.t)); the contract shows \(difference.expected) then."
        case .wrongText:
            let at = difference.shownAt.map { " at \(ms($0))" } ?? ""
            sentence = "\(said)\(because); the page showed \(difference.shown)\(at) instead."
        case .early, .late:
            let delta = abs(difference.deltaMs ?? 0)
            let how = difference.kind == .early ? "early" : "late"
            sentence = "\(said)\(because); the page showed it at \(ms(difference.shownAt ?? difference.t)), \(ms(delta)) ms \(how)"
            sentence += allowed.map { " (\($0))." } ?? "."
        }
        let fitted = [fit.debounceMs.map { "debounceMs \(ms($0))" }, fit.flashMs.map { "flashMs \(ms($0))" }].compactMap { $0 }
        if !fitted.isEmpty { sentence += " This page's banner behaves like \(fitted.joined(separator: " and "))." }
        return sentence
    }
}
