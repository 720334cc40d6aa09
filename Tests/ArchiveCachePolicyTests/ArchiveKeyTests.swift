import ArchiveCachePolicy
import Testing

/// One URL and the key the contract gives it ("The key"), with the defaults' `stripParams`
/// unless the row names others.
struct KeyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let url: String
    let key: String
    var strip: [String] = ArchiveSettings.defaultStripParams
    var testDescription: String { name }
}

extension KeyCase {
    static let all: [KeyCase] = [
        .init(
            name: "the contract's example", url: "https://App.example.com/courses/1?mobile_app_v2=1&tab=notes#top",
            key: "https://app.example.com/courses/1?tab=notes"),
        // Case: scheme and host only.
        .init(name: "scheme in lower case", url: "HTTPS://app.example.com/a", key: "https://app.example.com/a"),
        .init(name: "host in lower case, path as written", url: "https://APP.Example.COM/Courses/1", key: "https://app.example.com/Courses/1"),
        .init(name: "query as written", url: "https://a.example/x?Tab=Notes", key: "https://a.example/x?Tab=Notes"),
        .init(name: "userinfo as written", url: "https://User:Pa@App.Example.com/", key: "https://User:Pa@app.example.com/"),
        .init(name: "the host after the last @", url: "https://a@B@HOST.example/", key: "https://a@B@host.example/"),
        .init(name: "port as written", url: "https://App.example.com:8443/x", key: "https://app.example.com:8443/x"),
        .init(name: "an IPv6 literal's colons are not a port", url: "http://[2001:DB8::1]:8080/x", key: "http://[2001:db8::1]:8080/x"),
        .init(name: "an IPv6 literal without a port", url: "http://[::FFFF:7F00:1]/", key: "http://[::ffff:7f00:1]/"),
        .init(name: "only ASCII letters change case", url: "https://ÉCOLE.example/", key: "https://École.example/"),
        .init(name: "a scheme with + and -", url: "Web+App-X://Host/x", key: "web+app-x://host/x"),
        // The path.
        .init(name: "an empty path becomes /", url: "https://a.example", key: "https://a.example/"),
        .init(name: "an empty path before a query", url: "https://a.example?tab=1", key: "https://a.example/?tab=1"),
        .init(name: "an empty path before a fragment", url: "https://A.example#top", key: "https://a.example/"),
        // The fragment.
        .init(name: "the fragment is dropped", url: "https://a.example/x#top", key: "https://a.example/x"),
        .init(name: "an empty fragment is dropped", url: "https://a.example/x#", key: "https://a.example/x"),
        .init(name: "a ? inside the fragment is not a query", url: "https://a.example/x#a?mobile_offline=1", key: "https://a.example/x"),
        .init(name: "flag and fragment", url: "https://a.example/x?mobile_offline=1#top", key: "https://a.example/x"),
        // The two flags, wherever they are.
        .init(name: "a flag first", url: "https://a.example/x?mobile_offline=1&tab=notes", key: "https://a.example/x?tab=notes"),
        .init(name: "a flag in the middle", url: "https://a.example/x?tab=notes&mobile_app_v2=1&page=2", key: "https://a.example/x?tab=notes&page=2"),
        .init(name: "a flag last", url: "https://a.example/x?tab=notes&mobile_offline=1", key: "https://a.example/x?tab=notes"),
        .init(name: "a flag alone: the ? goes too", url: "https://a.example/x?mobile_offline=1", key: "https://a.example/x"),
        .init(name: "both flags alone", url: "https://a.example/x?mobile_app_v2=1&mobile_offline=1", key: "https://a.example/x"),
        .init(
            name: "a flag repeated", url: "https://a.example/x?mobile_offline=1&tab=notes&mobile_offline=0&mobile_offline=1",
            key: "https://a.example/x?tab=notes"),
        .init(name: "parameters without =", url: "https://a.example/x?mobile_offline&tab", key: "https://a.example/x?tab"),
        .init(name: "flags with empty values", url: "https://a.example/x?mobile_offline=&tab=", key: "https://a.example/x?tab="),
        .init(name: "the name ends at the first =", url: "https://a.example/x?tab=a=b&mobile_offline=x=y", key: "https://a.example/x?tab=a=b"),
        .init(
            name: "names that only look like a flag stay", url: "https://a.example/x?mobile_offlines=1&xmobile_offline=1",
            key: "https://a.example/x?mobile_offlines=1&xmobile_offline=1"),
        .init(name: "names compared as written: case", url: "https://a.example/x?Mobile_Offline=1", key: "https://a.example/x?Mobile_Offline=1"),
        .init(
            name: "names compared as written: no percent-decoding", url: "https://a.example/x?mobile%5Foffline=1",
            key: "https://a.example/x?mobile%5Foffline=1"),
        // Empty parameters.
        .init(name: "empty parameters are kept", url: "https://a.example/x?a=1&&b=2", key: "https://a.example/x?a=1&&b=2"),
        .init(name: "an empty query: the ? goes", url: "https://a.example/x?", key: "https://a.example/x"),
        .init(name: "two empty parameters join to &", url: "https://a.example/x?&", key: "https://a.example/x?&"),
        .init(name: "an empty parameter before a flag", url: "https://a.example/x?&mobile_offline=1", key: "https://a.example/x"),
        .init(name: "an empty parameter after a flag", url: "https://a.example/x?mobile_offline=1&", key: "https://a.example/x"),
        .init(name: "an empty parameter kept between", url: "https://a.example/x?tab=1&&mobile_offline=1", key: "https://a.example/x?tab=1&"),
        // Not http, and not absolute.
        .init(name: "a file URL is normalised like any other", url: "FILE:///Users/Me/Doc.html?mobile_offline=1#p", key: "file:///Users/Me/Doc.html"),
        .init(name: "an ftp URL", url: "ftp://FTP.Example.com/pub", key: "ftp://ftp.example.com/pub"),
        .init(name: "a relative path is its own key", url: "/courses/1?mobile_offline=1#top", key: "/courses/1?mobile_offline=1#top"),
        .init(name: "a relative path without /", url: "Courses/1", key: "Courses/1"),
        .init(name: "a network-path reference has no scheme", url: "//App.example.com/x", key: "//App.example.com/x"),
        .init(name: "mailto: has no ://", url: "mailto:Someone@Example.com", key: "mailto:Someone@Example.com"),
        .init(name: "about:blank", url: "about:blank", key: "about:blank"),
        .init(name: "http: without //", url: "HTTP:/courses/1#top", key: "HTTP:/courses/1#top"),
        .init(name: "a colon after a / is no scheme", url: "a/b:c", key: "a/b:c"),
        .init(name: "the empty string", url: "", key: ""),
        // Other stripParams replace the default list.
        .init(
            name: "another list", url: "https://a.example/x?utm_source=mail&mobile_offline=1", key: "https://a.example/x?mobile_offline=1",
            strip: ["utm_source"]),
        .init(
            name: "an empty list strips nothing", url: "https://a.example/x?mobile_app_v2=1", key: "https://a.example/x?mobile_app_v2=1",
            strip: []),
        .init(name: "an empty name strips empty parameters", url: "https://a.example/x?a&&b&", key: "https://a.example/x?a&b", strip: [""]),
    ]
}

@Suite("The archive key")
struct ArchiveKeyTests {
    @Test("each URL normalises to its key", arguments: KeyCase.all)
    func key(_ c: KeyCase) {
        #expect(archiveKey(c.url, stripping: c.strip) == c.key)
    }

    @Test("a key is its own key: normalising twice changes nothing", arguments: KeyCase.all)
    func idempotent(_ c: KeyCase) {
        #expect(archiveKey(archiveKey(c.url, stripping: c.strip), stripping: c.strip) == c.key)
    }

    @Test("the settings' key uses the settings' list")
    func settingsKey() {
        #expect(ArchiveSettings(stripParams: ["tab"]).key("https://a.example/x?tab=1&mobile_offline=1") == "https://a.example/x?mobile_offline=1")
    }

    @Test("RFC 3986 appendix B's five parts: absent is not empty")
    func split() {
        #expect(
            URLParts(splitting: "https://u@a.example:1/p/q?x=1&y#frag")
                == URLParts(scheme: "https", authority: "u@a.example:1", path: "/p/q", query: "x=1&y", fragment: "frag"))
        #expect(URLParts(splitting: "https://a.example?#") == URLParts(scheme: "https", authority: "a.example", path: "", query: "", fragment: ""))
        #expect(URLParts(splitting: "/x?y") == URLParts(path: "/x", query: "y"))
        #expect(URLParts(splitting: "mailto:a@b") == URLParts(scheme: "mailto", path: "a@b"))
        #expect(URLParts(splitting: "//h/p") == URLParts(authority: "h", path: "/p"))
        #expect(URLParts(splitting: ":x") == URLParts(path: ":x"))
        #expect(URLParts(splitting: "#a#b") == URLParts(path: "", fragment: "a#b"))
    }

    @Test(
        "capturable: the scheme in lower case begins with http",
        arguments: [
            ("https://a.example/", true), ("HTTP://a.example/", true), ("http:relative", true), ("httpx://a.example/", true),
            ("file:///x", false), ("about:blank", false), ("/courses/1", false), ("", false), ("ftp://a.example/", false),
        ])
    func capturable(_ url: String, _ expected: Bool) {
        #expect(isCapturable(url) == expected)
    }
}
