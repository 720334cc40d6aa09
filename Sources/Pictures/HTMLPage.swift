/// `--html`: one self-contained page. Its style and script are the repository's
/// `Sources/Pictures/Page/report.css` and `report.js`, inline (`HTMLAssets`, generated from
/// them by `script/html-assets`); the data is `HTMLReport`'s JSON in a
/// `<script type="application/json">`, which is never run. The Content-Security-Policy allows
/// that one script and that one style by their SHA-256 and nothing else: no request, no other
/// script, no inline handler, no `style` attribute; an image only as a `data:` URL (the icon,
/// so that the browser asks for no favicon).
package enum HTMLPage {
    package static let contentSecurityPolicy =
        "default-src 'none'; script-src 'sha256-\(HTMLAssets.scriptSHA256)'; style-src 'sha256-\(HTMLAssets.styleSHA256)'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The page of `report`, as the bytes to write.
    package static func render(_ report: HTMLReport) -> [UInt8] {
        var out: [UInt8] = []
        let json = report.json
        out.reserveCapacity(json.count + HTMLAssets.script.utf8.count + HTMLAssets.style.utf8.count + 1024)
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        add("<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n")
        add("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        add("<link rel=\"icon\" href=\"data:,\">\n<title>turbo-replay</title>\n")
        add("<style>\(HTMLAssets.style)</style>\n</head>\n<body>\n")
        add("<noscript>This report is drawn by its own script: open it in a browser with JavaScript on.</noscript>\n")
        add("<script type=\"application/json\" id=\"report-data\">")
        out.append(contentsOf: json)
        add("</script>\n<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n")
        return out
    }
}
