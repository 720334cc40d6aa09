import PolicyCore

/// What the HTML page shows, as data: the page's script draws it (`HTMLPage`). Every text here
/// is a log's or a path's as it is; the JSON it is written as is escaped for a `<script>`
/// element (`scriptSafeJSON`), and the page puts each into the document as text, never as markup.
package struct HTMLReport {
    /// One row of the table: a line of the merged timeline, or a finding.
    package struct Row {
        package var t: Double
        package var layer: String
        /// `connectivity`, `decision`, `banner`, `submit`, `record`, `finding` (a log's own),
        /// `session-finding`: what the filter by kind offers.
        package var kind: String
        package var what: String
        package var cause: String
        /// A finding's level (`info`, `warning`, `error`); nil for any other row.
        package var level: String?
        /// The raw line the row comes from, once the logs were read again (`HTMLRawLines`).
        package var log: Int?
        package var line: Int?
        package var raw: String?
        package var rawLength: Int?
        /// The record type whose line this row is (`nil`: any record at its time in its log).
        package var wants: String?
    }

    /// One mark on the timeline: a point, or a span to `end`.
    package struct Mark {
        package var lane: Int
        package var t: Double
        package var end: Double?
        /// Its kind, for its colour and the legend.
        package var kind: String
        package var level: String?
        package var label: String
        /// The row it stands for, if any: selecting one selects the other.
        package var row: Int?
    }

    package var title: String
    /// `label: value` pairs of what the logs say of themselves and how they were read.
    package var header: [(String, String)] = []
    /// The logs' paths, in the order a row's `log` counts them.
    package var logs: [String] = []
    package var lanes: [String] = []
    package var marks: [Mark] = []
    package var rows: [Row] = []
    /// The figures under the header (latencies, time on error views), one line each.
    package var figures: [String] = []
    var breaks: [AxisBreak] = []
    /// What the page leaves out (rows or marks past its bounds), in a sentence.
    package var leftOut: [String] = []
    package var start = 0.0
    package var end = 0.0

    package init(title: String) { self.title = title }

    /// A log may have thousands of surfaces, each two lanes: past this many lanes, the marks of
    /// the lanes not yet drawn share one, `other surfaces`.
    package static let maxLanes = 48
    static let otherLanes = "other surfaces"

    /// The lane named `name`, added the first time it is asked for.
    package mutating func lane(_ name: String) -> Int {
        if let index = lanes.firstIndex(of: name) { return index }
        if lanes.count >= Self.maxLanes - 1, name != Self.otherLanes { return lane(Self.otherLanes) }
        lanes.append(name)
        return lanes.count - 1
    }

    /// The model as one JSON object, safe inside `<script type="application/json">`.
    package var json: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 200 + marks.count * 60 + 4096)
        appendLiteral("{\"title\":", to: &out)
        appendJSONString(title, to: &out)
        appendLiteral(",\"header\":", to: &out)
        array(header, &out) { pair, out in strings([pair.0, pair.1], &out) }
        appendLiteral(",\"logs\":", to: &out)
        strings(logs, &out)
        appendLiteral(",\"lanes\":", to: &out)
        strings(lanes, &out)
        appendLiteral(",\"figures\":", to: &out)
        strings(figures, &out)
        appendLiteral(",\"leftOut\":", to: &out)
        strings(leftOut, &out)
        appendLiteral(",\"start\":", to: &out)
        appendMilliseconds(start, to: &out)
        appendLiteral(",\"end\":", to: &out)
        appendMilliseconds(end, to: &out)
        appendLiteral(",\"breaks\":", to: &out)
        array(breaks, &out) { gap, out in
            out.append(UInt8(ascii: "["))
            appendMilliseconds(gap.from, to: &out)
            out.append(UInt8(ascii: ","))
            appendMilliseconds(gap.to, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        appendLiteral(",\"rows\":", to: &out)
        array(rows, &out) { row, out in Self.append(row, to: &out) }
        appendLiteral(",\"marks\":", to: &out)
        array(marks, &out) { mark, out in Self.append(mark, to: &out) }
        out.append(UInt8(ascii: "}"))
        return scriptSafeJSON(out)
    }

    /// `[t,layer,kind,what,cause,level,log,line,raw,rawLength]`: an array, not an object, as a
    /// day's page holds thousands of them.
    private static func append(_ row: Row, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        appendMilliseconds(row.t, to: &out)
        for text in [row.layer, row.kind, row.what, row.cause] {
            out.append(UInt8(ascii: ","))
            appendJSONString(text, to: &out)
        }
        out.append(UInt8(ascii: ","))
        optional(row.level, &out)
        out.append(UInt8(ascii: ","))
        optional(row.log, &out)
        out.append(UInt8(ascii: ","))
        optional(row.line, &out)
        out.append(UInt8(ascii: ","))
        optional(row.raw, &out)
        out.append(UInt8(ascii: ","))
        optional(row.rawLength, &out)
        out.append(UInt8(ascii: "]"))
    }

    /// `[lane,t,end,kind,level,label,row]`.
    private static func append(_ mark: Mark, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        appendUTF8(String(mark.lane), to: &out)
        out.append(UInt8(ascii: ","))
        appendMilliseconds(mark.t, to: &out)
        out.append(UInt8(ascii: ","))
        if let end = mark.end { appendMilliseconds(end, to: &out) } else { appendLiteral("null", to: &out) }
        out.append(UInt8(ascii: ","))
        appendJSONString(mark.kind, to: &out)
        out.append(UInt8(ascii: ","))
        optional(mark.level, &out)
        out.append(UInt8(ascii: ","))
        appendJSONString(mark.label, to: &out)
        out.append(UInt8(ascii: ","))
        optional(mark.row, &out)
        out.append(UInt8(ascii: "]"))
    }
}

private func optional(_ text: String?, _ out: inout [UInt8]) {
    if let text { appendJSONString(text, to: &out) } else { appendLiteral("null", to: &out) }
}

private func optional(_ number: Int?, _ out: inout [UInt8]) {
    if let number { appendUTF8(String(number), to: &out) } else { appendLiteral("null", to: &out) }
}

private func strings(_ texts: [String], _ out: inout [UInt8]) {
    array(texts, &out) { text, out in appendJSONString(text, to: &out) }
}

private func array<T>(_ items: [T], _ out: inout [UInt8], _ each: (T, inout [UInt8]) -> Void) {
    out.append(UInt8(ascii: "["))
    for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        each(item, &out)
    }
    out.append(UInt8(ascii: "]"))
}

/// JSON text made safe to sit inside a `<script>` element: `<`, `>` and `&` (which could close
/// the element, `</script>`, or open a comment, `<!--`) and U+2028/U+2029 (line ends to a
/// script's parser) as `\uXXXX` escapes. Outside strings JSON has none of these characters, so
/// a byte-wise replacement only touches strings, and the value `JSON.parse` reads is the same.
package func scriptSafeJSON(_ json: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(json.count + json.count / 16)
    var index = 0
    while index < json.count {
        let byte = json[index]
        switch byte {
        case UInt8(ascii: "<"): appendLiteral("\\u003c", to: &out)
        case UInt8(ascii: ">"): appendLiteral("\\u003e", to: &out)
        case UInt8(ascii: "&"): appendLiteral("\\u0026", to: &out)
        case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
            appendLiteral(json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &out)
            index += 2
        default: out.append(byte)
        }
        index += 1
    }
    return out
}
