/// The key an archive is stored under: the page's URL with what does not name the page taken
/// out (archive-cache-policy.md, "The key"), so that a visit with `?mobile_offline=1` finds the
/// archive captured without it.
///
///     archiveKey("https://App.example.com/courses/1?mobile_app_v2=1&tab=notes#top")
///     // "https://app.example.com/courses/1?tab=notes"
///
/// Split as RFC 3986 appendix B does (`URLParts`), then: scheme and host in lower case
/// (ASCII letters only: URLs carry non-ASCII hosts as punycode, and Unicode case rules change
/// between versions, so two builds could disagree on a key), userinfo and port kept as written,
/// an empty path made `/`, the fragment dropped, and the query's parameters named exactly in
/// `stripParams` removed (no percent-decoding: `mobile%5Foffline` is another name). A reference
/// without `://` after a scheme (`/courses/1`, `mailto:…`, `about:blank`) is its own key,
/// unchanged: nothing says which page it is relative to.
public func archiveKey(_ url: String, stripping stripParams: [String] = ArchiveSettings.defaultStripParams) -> String {
    let parts = URLParts(splitting: url)
    guard let scheme = parts.scheme, let authority = parts.authority else { return url }
    var key = asciiLowercased(scheme) + "://" + normalisedAuthority(authority)
    key += parts.path.isEmpty ? "/" : parts.path
    if let query = parts.query {
        let kept = query.split(separator: "&", omittingEmptySubsequences: false)
            .filter { parameter in !stripParams.contains { $0.sameBytes(as: String(parameter.prefix { $0 != "=" })) } }
            .joined(separator: "&")
        if !kept.isEmpty { key += "?" + kept }
    }
    return key
}

/// Whether a URL can be captured at all: its scheme, in lower case, begins with `http` (a
/// `file:` page, `about:blank` or a relative reference has no archive worth keeping).
public func isCapturable(_ url: String) -> Bool {
    guard let scheme = URLParts(splitting: url).scheme else { return false }
    return asciiLowercased(scheme).hasPrefix("http")
}

/// The host is the part after the last `@` (a raw `@` typed into a password must not make the
/// rest of the password the host), up to a `:` outside `[…]` (an IPv6 literal's colons are not
/// its port's).
private func normalisedAuthority(_ authority: String) -> String {
    let bytes = Array(authority.utf8)
    let hostStart = (bytes.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 }) ?? 0
    var hostEnd = hostStart
    var inBrackets = false
    while hostEnd < bytes.count {
        let byte = bytes[hostEnd]
        if byte == UInt8(ascii: "[") { inBrackets = true }
        if byte == UInt8(ascii: "]") { inBrackets = false }
        if byte == UInt8(ascii: ":") && !inBrackets { break }
        hostEnd += 1
    }
    let host = bytes[hostStart..<hostEnd].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    return String(decoding: bytes[..<hostStart] + host + bytes[hostEnd...], as: UTF8.self)
}

private func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
}
