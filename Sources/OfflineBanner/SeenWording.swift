import PolicyCore

extension SeenDifference {
    /// One sentence: what the contract shows, what the page showed, and the delta against the
    /// `tolerance` it was judged by. Recording text is included as is.
    public func sentence(tolerance: SeenTolerance) -> String {
        guard let render else { return comparison(tolerance: tolerance) }
        // Named first: the developer's fix is the pill's markup, not a timer.
        let what = render.morph ? "A morph refresh" : "A Turbo render"
        let keeps = render.morph ? "a morph keeps it" : "a render keeps it"
        return "\(what) replaced the pill at \(formatMilliseconds(render.t)); mark it data-turbo-permanent (with an id) so that \(keeps). "
            + comparison(tolerance: tolerance)
    }

    /// What the contract shows and what the page showed, and the delta.
    private func comparison(tolerance: SeenTolerance) -> String {
        let ms = formatMilliseconds
        let said = "The contract shows \(expected) at \(ms(t))" + (cause.map { " (\($0.rawValue))" } ?? "")
        switch kind {
        case .missing:
            if let shownAt { return "\(said); the page showed \(shown) at \(ms(shownAt)) instead." }
            return "\(said); the page never showed it: it kept showing \(shown)."
        case .extra:
            return "The page showed \(shown) at \(ms(t)); the contract shows \(expected) then."
        case .wrongText:
            return "\(said); the page showed \(shown)" + (shownAt.map { " at \(ms($0))" } ?? "") + " instead."
        case .early, .late:
            let allowed =
                cause.map { BannerChange(t: t, banner: .hidden, label: nil, cause: $0).byTimer } == true
                ? "a timer's change may be up to \(ms(tolerance.timerMs)) ms late, never early"
                : "an event's change shows within \(ms(tolerance.eventMs)) ms"
            return "\(said); the page showed it at \(ms(shownAt ?? t)), \(ms(abs(deltaMs ?? 0))) ms \(kind.rawValue) (\(allowed))."
        }
    }

    /// The difference as one canonical JSON line (a `NAME.seen.expected.jsonl` golden's):
    ///
    ///     {"t":1534.6,"difference":"late","cause":"offline","expected":{"visible":true,"text":"Sin conexión"},"shown":{…},"shownAt":2235.2}
    public var jsonLine: String {
        var out: [UInt8] = []
        appendLiteral(#"{"t":"#, to: &out)
        appendMilliseconds(t, to: &out)
        appendLiteral(#","difference":""#, to: &out)
        appendUTF8(kind.rawValue, to: &out)
        out.append(UInt8(ascii: "\""))
        if let cause {
            appendLiteral(#","cause":""#, to: &out)
            appendUTF8(cause.rawValue, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        appendLiteral(#","expected":"#, to: &out)
        expected.appendJSON(to: &out)
        appendLiteral(#","shown":"#, to: &out)
        shown.appendJSON(to: &out)
        if let shownAt {
            appendLiteral(#","shownAt":"#, to: &out)
            appendMilliseconds(shownAt, to: &out)
        }
        if let render {
            appendLiteral(render.morph ? #","render":"morph","renderedAt":"# : #","render":"replace","renderedAt":"#, to: &out)
            appendMilliseconds(render.t, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

extension ShownBanner {
    /// `{"visible":true,"text":"…"}`.
    public func appendJSON(to out: inout [UInt8]) {
        appendLiteral(visible ? #"{"visible":true,"text":"# : #"{"visible":false,"text":"#, to: &out)
        appendJSONString(text, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension SeenFit {
    /// "This page's banner behaves like debounceMs 1500.", or `nil` when there is no fit.
    public var sentence: String? {
        let ms = formatMilliseconds
        let fitted = [debounceMs.map { "debounceMs \(ms($0))" }, flashMs.map { "flashMs \(ms($0))" }].compactMap { $0 }
        return fitted.isEmpty ? nil : "This page's banner behaves like \(fitted.joined(separator: " and "))."
    }
}
