import CJSONC
import OfflineBanner

/// The canonical timeline line of offline-banner.md: keys in the contract's order, numbers
/// as `formatMilliseconds` prints them, strings escaped as json-c escapes them.
public func timelineJSON(_ record: TimelineRecord) -> String {
    var bytes: [UInt8] = []
    appendTimelineJSON(record, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `record`'s canonical line (without the newline) to `out`: the replay's hot path,
/// writing bytes into one reused buffer rather than building a `String` per record.
public func appendTimelineJSON(_ record: TimelineRecord, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"t":"#.utf8)
    appendMilliseconds(record.t, to: &out)
    switch record {
    case .banner(let change):
        out.append(contentsOf: #","banner":""#.utf8)
        out.append(contentsOf: change.banner.rawValue.utf8)
        out.append(UInt8(ascii: "\""))
        if let label = change.label {
            out.append(contentsOf: #","label":"#.utf8)
            appendJSONString(label, to: &out)
        }
        out.append(contentsOf: #","cause":""#.utf8)
        out.append(contentsOf: change.cause.rawValue.utf8)
        out.append(contentsOf: #""}"#.utf8)
    case .submit(let decision):
        switch decision.outcome {
        case .toast(let label):
            out.append(contentsOf: #","submit":"toast","label":"#.utf8)
            appendJSONString(label, to: &out)
        case .silent(let reason):
            out.append(contentsOf: #","submit":"silent","reason":""#.utf8)
            out.append(contentsOf: reason.name.utf8)
            out.append(UInt8(ascii: "\""))
            if case .serverResponse(let status?) = reason {
                out.append(contentsOf: #","status":"#.utf8)
                out.append(contentsOf: String(status).utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}

/// A JSON string literal for `text`, escaped by json-c (UTF-8 kept as is, `/` not escaped).
public func jsonString(_ text: String) -> String {
    let object = json_object_new_string_len(text, Int32(text.utf8.count))
    defer { json_object_put(object) }
    return String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE))
}

/// Appends `jsonString(text)`. json-c escapes only `"`, `\` and control characters here, so
/// text without them (every built-in message) is copied between quotes as it is.
public func appendJSONString(_ text: String, to out: inout [UInt8]) {
    var plain = true
    for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        plain = false
        break
    }
    guard plain else {
        out.append(contentsOf: jsonString(text).utf8)
        return
    }
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: text.utf8)
    out.append(UInt8(ascii: "\""))
}
