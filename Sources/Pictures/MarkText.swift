/// A text from a recording as a mark keeps it: whole up to `limit` UTF-8 bytes, else its first
/// `limit` bytes (cut between scalars) and its length, `… (N bytes)`. A picture keeps up to
/// 2,000 marks a lane; a log of 400 KB pill texts would otherwise hold every one of them whole,
/// and write each into the SVG's `<title>`s. Texts a person reads are far shorter than the limit,
/// so for them the `<title>` is the whole text.
enum MarkText {
    static let limit = 512

    static func bounded(_ text: String) -> String {
        let count = text.utf8.count
        guard count > limit else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > limit { break }
            kept.append(scalar)
        }
        return String(kept) + "… (\(count) bytes)"
    }
}
