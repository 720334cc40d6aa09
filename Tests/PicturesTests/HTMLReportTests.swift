import AppSession
import Foundation
import NativeErrorPolicy
import PolicyCore
import Testing
import TurboRecording

@testable import Pictures
@testable import TestSupport

/// The HTML page's model, in process: the JSON it embeds, its bounds, and the script and style
/// it inlines (the browser's own checks are e2e/html_report.py).
@Suite("the HTML report's model")
struct HTMLReportTests {
    @Test("the embedded JSON has no '<', '>', '&', U+2028 or U+2029 left, and reads back as the same value")
    func scriptSafe() throws {
        let hostile = "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029} “ok” \u{1F600}"
        var report = HTMLReport(title: hostile)
        report.header = [(hostile, hostile)]
        report.rows = [
            HTMLReport.Row(t: 1, layer: "web", kind: "record", what: hostile, cause: hostile, raw: hostile, rawLength: hostile.utf8.count)
        ]
        let json = String(decoding: report.json, as: UTF8.self)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!json.contains(forbidden), "\(forbidden.debugDescription)") }
        guard case .object(let members)? = JSONValue(parsing: json) else {
            Issue.record("not JSON: \(json)")
            return
        }
        #expect(members["title"] == .string(hostile))
        guard case .array(let rows)? = members["rows"], case .array(let row)? = rows.first else {
            Issue.record("no rows")
            return
        }
        #expect(row[3] == .string(hostile))
        #expect(row[8] == .string(hostile))
    }

    @Test("the page keeps its first 10,000 rows and each lane's first 2,000 marks, and says how many more")
    func bounded() throws {
        var builder = HTMLReportBuilder(title: "bounded", lateMs: 2000)
        let lines = HTMLReportBuilder.maxRows + 7
        for index in 0..<lines { builder.add(SessionLine.connectivity(t: Double(index * 10), online: index % 2 == 0)) }
        let report = try builder.finish(logs: [])
        #expect(report.rows.count == HTMLReportBuilder.maxRows)
        #expect(report.leftOut.contains { $0.hasPrefix("This page stops at \(HTMLReportBuilder.maxRows * 10) ms") && $0.contains("7 more rows come") })
        #expect(report.end <= Double(HTMLReportBuilder.maxRows * 10))
        let connectivity = report.lanes.firstIndex(of: "connectivity")!
        #expect(report.marks.filter { $0.lane == connectivity }.count == HTMLReportBuilder.maxMarks)
        #expect(report.leftOut.contains { $0 == "The lane connectivity draws its first 2000 marks: none from 20000 ms on; --from/--to MS draws a window" })
    }

    @Test("a log of many surfaces draws at most 48 lanes: the surfaces past them share one")
    func lanesBounded() throws {
        var builder = HTMLReportBuilder(title: "surfaces", lateMs: 2000)
        for index in 0..<500 {
            builder.add(.native(Decision(t: Double(index), surface: "s\(index)", outcome: .view(.offline))))
        }
        let report = try builder.finish(logs: [])
        #expect(report.lanes.count <= HTMLReport.maxLanes)
        #expect(report.lanes.last == "other surfaces")
        #expect(report.marks.count == 500)
    }

    @Test("each surface's two lanes sit together, the policy's above the app's, surfaces by name, after the session's own")
    func laneOrder() {
        let lanes = [
            "findings", "connectivity", "latencies", "banner", "seen (the page showed)", "web records", "native records",
            "tab:b (policy)", "app", "tab:a (app)", "tab:b (app)", "tab:a (policy)", "other surfaces",
        ]
        #expect(
            HTMLReportBuilder.laneOrder(lanes).map { lanes[$0] } == Array(lanes.prefix(7)) + [
                "tab:a (policy)", "tab:a (app)", "tab:b (policy)", "tab:b (app)", "app", "other surfaces",
            ])
    }

    @Test("a raw line is kept to 512 bytes, cut between scalars, with its length")
    func rawLineBounded() throws {
        let text = String(repeating: "é", count: 700)
        let path = try Fixtures.file(
            """
            {"type":"meta","version":1,"source":"test","startedAt":"2026-12-01T12:00:00.000Z"}
            {"t":100,"type":"seen","visible":true,"text":"\(text)"}

            """, name: "long.jsonl")
        var records: [RawRecord] = []
        let cut = try forEachRawRecord(path: path) { records.append($0) }
        #expect(cut == nil)
        #expect(records.count == 2)
        let long = records[1]
        #expect(long.line == 2)
        #expect(long.t == 100)
        #expect(long.type == "seen")
        #expect(long.length == #"{"t":100,"type":"seen","visible":true,"text":""}"#.utf8.count + 1400)
        #expect(long.text.utf8.count <= RawRecord.keptBytes)
        #expect(long.text.utf8.count >= RawRecord.keptBytes - 1)
        #expect(long.text.hasPrefix(#"{"t":100,"type":"seen""#))
        #expect(records[0].meta.contains { $0.key == "startedAt" && $0.value == "2026-12-01T12:00:00.000Z" })
    }

    @Test("the inlined script and style are Sources/Pictures/Page's files, with their SHA-256 (script/html-assets)")
    func assetsFresh() throws {
        let page = Fixtures.root.path + "/Sources/Pictures/Page/"
        for (file, text, hash) in [("report.js", HTMLAssets.script, HTMLAssets.scriptSHA256), ("report.css", HTMLAssets.style, HTMLAssets.styleSHA256)] {
            let onDisk = try String(contentsOfFile: page + file, encoding: .utf8)
            #expect(onDisk == text + "\n", "\(file) changed: run script/html-assets")
            // The file less its last newline is what the page inlines, and what the CSP hashes.
            let inlined = try Fixtures.file(text, name: "inlined-" + file)
            let hex = try Fixtures.run(command: "sha256sum", [inlined]).prefix(64)
            #expect(base64(hex: String(hex)) == hash, "\(file): its hash is stale: run script/html-assets")
        }
        #expect(HTMLPage.contentSecurityPolicy.contains("script-src 'sha256-\(HTMLAssets.scriptSHA256)'"))
        #expect(HTMLPage.contentSecurityPolicy.hasPrefix("default-src 'none';"))
    }

    private func base64(hex: String) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }
}
