import TurboRecording

/// What the two logs say of themselves, as the session picture's header gives it under its
/// title: the page's source, its user agent and the app's release it was told; the app's
/// platform and release. A line only for a log that says any of it; every text is a log's,
/// kept to `MarkText`'s bound and wrapped to `width` characters.
enum SessionHeader {
    static func lines(web: Meta?, native: NativeMeta?, width: Int) -> [String] {
        var lines: [String] = []
        let page = [web?.source.map { "source \($0)" }, web?.app.map { "app \($0)" }, web?.userAgent.map { "user agent \($0)" }].compactMap { $0 }
        if !page.isEmpty { lines += wrapped("the page: " + MarkText.bounded(page.joined(separator: " · ")), width: width) }
        let app = [native?.platform.map { "platform \($0.rawValue)" }, native?.app.map { "version \($0)" }].compactMap { $0 }
        if !app.isEmpty { lines += wrapped("the app: " + MarkText.bounded(app.joined(separator: " · ")), width: width) }
        return lines
    }

    /// `text` in lines of at most `width` characters, broken at spaces, or inside a word
    /// longer than a line (a user agent has few spaces to break at).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line) }
                lines.append(String(word.prefix(width)))
                line = ""
                word = word.dropFirst(width)
            }
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
