import Foundation
import OfflineBanner
import PolicyCore
import Replay
import Testing
import TurboRecording

@testable import BannerFindings
@testable import Fleet
@testable import NativeFindings
@testable import Pictures
@testable import Reports
@testable import TestSupport
@testable import VariantAnalysis

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects the elements of an XML document, and whether it parsed.
final class XMLCheck: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var attributes: [String: String] = [:]
    var text = ""

    static func parse(_ svg: String) -> (ok: Bool, check: XMLCheck) {
        let check = XMLCheck()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = check
        return (parser.parse(), check)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(elementName)
        for (key, value) in attributeDict { attributes[elementName + "@" + key] = value }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}

@Suite struct RenderTests {
    @Test func rendersEveryChromiumRecordingAsWellFormedSVG() throws {
        for name in [
            "airplane-mid-session", "dead-upstream-frame", "flap-short", "offline-form-submit",
            "offline-visit-full-reload", "restore-from-cache-offline", "server-422-submit", "success-submit",
        ] {
            let svg = try TimelineSVG.render(.analyzed(try analyze("chromium/" + name))).svg
            let (ok, check) = XMLCheck.parse(svg)
            #expect(ok, "\(name)")
            #expect(check.elements.first == "svg", "\(name)")
            #expect(!check.elements.contains("script") && !check.elements.contains("image") && !check.elements.contains("foreignObject"))
            #expect(!check.attributes.keys.contains { $0.hasSuffix("href") }, "\(name): nothing external")
        }
    }

    @Test func lanesShowWhatHappened() throws {
        let svg = try TimelineSVG.render(.analyzed(try analyze("chromium/dead-upstream-frame"))).svg
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        for text in [
            "navigator.onLine", "network failures", "submissions", "banner", "findings",
            "Sin conexión", "1 online-lied", "2 stale-pill", "frame", "5 s",
        ] {
            #expect(check.text.contains(text), "\(text)")
        }
    }

    /// A full page load is a page change: ▲ at the pagehide, and the green flash it cut short
    /// ends there, not 2 s later. (That flash is DevTools emulation's phantom `online`, which is
    /// why the recording is the emulated capture; the renderer must still draw it truthfully.)
    @Test func aPagehideIsAPageChangeAndEndsTheFlash() throws {
        let svg = try TimelineSVG.render(.analyzed(try analyze("chromium-emulated/offline-visit-full-reload"))).svg
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(check.text.contains("page unloaded: pagehide at 2167.9 ms, connect at 4388.4 ms"))
        #expect(check.text.contains("back-online “De nuevo en línea” from 2121.4 to 2167.9 ms"))
        // A page kept in the back-forward cache is no page change.
        let kept = try TimelineSVG.render(
            .analyzed(
                try analyze(lines: [
                    #"{"t":10,"type":"connect","online":true}"#,
                    #"{"t":20,"type":"pagehide","persisted":true}"#,
                ]))
        ).svg
        #expect(!XMLCheck.parse(kept).check.text.contains("pagehide at"))
    }

    @Test func hostileRecordingTextCannotInjectMarkup() throws {
        let hostile = #"</text><script>alert(\"x\")</script><a href='javascript:1'>&amp;\u0001"#
        let analyzed = try analyze(
            lines: [
                #"{"type":"meta","version":1,"source":"\#(hostile)","page":"\#(hostile)","startedAt":"\#(hostile)"}"#,
                #"{"t":10,"type":"connect","context":"\#(hostile)","online":true}"#,
                #"{"t":20,"type":"turbo:visit","url":"\#(hostile)"}"#,
                #"{"t":30,"type":"turbo:fetch-request-error","url":"\#(hostile)","method":"\#(hostile)","target":"a#\#(hostile)","error":"\#(hostile)"}"#,
                #"{"t":40,"type":"turbo:submit-end","success":false,"fetchResponse":null,"action":"\#(hostile)","method":"\#(hostile)"}"#,
                #"{"t":50,"type":"turbo:reload","reason":"request_failed","url":"\#(hostile)"}"#,
                #"{"t":60,"type":"turbo:before-fetch-response","statusCode":200,"target":"\#(hostile)"}"#,
                #"{"t":70,"type":"online"}"#,
            ],
            settings: BannerSettings(
                copy: BannerCopy(
                    offline: "Off & \"out\" <b>", backOnline: "<i>", submitFailed: "'x'",
                    contexts: ["</text><script>alert(\"x\")</script><a href='javascript:1'>&amp;\u{1}": ContextCopy(offline: "<script>ctx</script>")])))
        #expect(analyzed.findings.count >= 3)
        let svg = try TimelineSVG.render(.analyzed(analyzed)).svg
        let (ok, check) = XMLCheck.parse(svg)
        #expect(ok)
        #expect(!check.elements.contains("script"))
        #expect(!check.elements.contains("a"))
        #expect(!svg.contains("<script"))
        #expect(!check.attributes.keys.contains { $0.hasSuffix("href") })
        #expect(!svg.unicodeScalars.contains { $0.value == 1 })
        // The text is all there, as text.
        #expect(check.text.contains("<script>alert(\"x\")</script>"))
        #expect(check.text.contains("&amp;"))
        #expect(check.text.contains("<script>ctx</script>"))
        #expect(check.text.contains("<i>"))
    }

    @Test func xmlEscaping() {
        #expect(xmlEscaped(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;")
        #expect(xmlEscaped("a\u{0}b\u{1B}c\u{FFFF}d\ne") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d e")
        #expect(xmlEscaped("Sin conexión — 🚲") == "Sin conexión — 🚲")
    }

    @Test func rendersAnEmptyRecording() throws {
        let svg = try TimelineSVG.render(.analyzed(try analyze(lines: []))).svg
        #expect(XMLCheck.parse(svg).ok)
    }
}
