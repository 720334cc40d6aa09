import Foundation
import Testing

@testable import TestSupport

/// The session picture's header says what the logs say of themselves, escaped as every text
/// from a log is; its summary says the time on error views both ways.
@Suite("session --render: the header and the error-view time")
struct SessionPictureHeaderTests {
    @Test("the page's source, user agent and app release, the app's platform and release; a hostile user agent stays text")
    func header() throws {
        let web = try Fixtures.file(
            #"""
            {"type":"meta","version":1,"source":"chromium","userAgent":"Turbo Native iOS <script>alert(1)</script> onerror=x","app":{"version":"2.3.1","build":"231"},"startedAt":"2026-12-01T10:00:00.000Z"}
            {"t":100,"type":"connect","context":null,"online":true,"page":"/"}
            {"t":9000,"type":"online"}

            """#, name: "header.jsonl")
        let native = try Fixtures.file(
            #"""
            {"type":"meta","version":1,"recording":"native","platform":"ios","app":{"version":"2.3.1","build":"231"},"startedAt":"2026-12-01T10:00:00.000Z"}
            {"t":0,"type":"path","online":false}
            {"t":1000,"type":"presented","surface":"tab:home","error":{"kind":"web","code":-1009}}
            {"t":3000,"type":"path","online":true}
            {"t":6000,"type":"app-retry","surface":"tab:home","kind":"manual"}
            {"t":9000,"type":"foreground"}

            """#, name: "header.native.jsonl")
        let run = try turboReplay(["session", "--render", "-", web, native])
        let svg = run.stdout
        #expect(svg.hasPrefix("<?xml"), "\(run.stderr)")
        #expect(svg.contains(">the page: source chromium · app 2.3.1 (231) · user agent Turbo Native iOS &lt;script&gt;alert(1)&lt;/script&gt; onerror=x<"))
        #expect(svg.contains(">the app: platform ios · version 2.3.1 (231)<"))
        #expect(!svg.contains("<script"))
        // The app's manual retry ends what the user saw at 6 s; the policy retried at the edge (3 s + its settle).
        #expect(svg.contains("the app&apos;s log 5 s, to app-retry (manual) at 6000 ms (shownMs)"))
        #expect(svg.contains(">app-retry (manual), the app&apos;s record<") && svg.contains(">foreground, the app&apos;s record<"))
        let report = try turboReplay(["session", "--format", "jsonl", web, native]).stdout
        #expect(report.contains(#""shownMs":5000"#))
        // The summary's lines wrap where they will: its words are there, both times.
        #expect(svg.contains("error views 1: shown 5 s") && svg.contains("2.4 s by the policy (policyMs)"))
    }

    @Test("no meta fields, no header lines: the picture starts where it always did")
    func none() throws {
        let svg = try turboReplay(["session", "--render", "-", "recordings/session/example.jsonl", "recordings/session/example.native.jsonl"]).stdout
        #expect(!svg.contains(">the page: ") || svg.contains(">the page: source webkit<"))
        #expect(svg.contains(">the app: platform ios<"))
    }
}
