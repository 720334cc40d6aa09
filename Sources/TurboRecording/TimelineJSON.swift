import CJSONC
import OfflineBanner

/// The canonical timeline line of offline-banner.md: keys in the contract's order, numbers
/// as `formatMilliseconds` prints them, strings escaped by json-c.
public func timelineJSON(_ record: TimelineRecord) -> String {
    let t = formatMilliseconds(record.t)
    switch record {
    case .banner(let change):
        let label = change.label.map { #","label":\#(jsonString($0))"# } ?? ""
        return #"{"t":\#(t),"banner":"\#(change.banner.rawValue)"\#(label),"cause":"\#(change.cause.rawValue)"}"#
    case .submit(let decision):
        switch decision.outcome {
        case .toast(let label):
            return #"{"t":\#(t),"submit":"toast","label":\#(jsonString(label))}"#
        case .silent(let reason):
            var line = #"{"t":\#(t),"submit":"silent","reason":"\#(reason.name)""#
            if case .serverResponse(let status?) = reason { line += #","status":\#(status)"# }
            return line + "}"
        }
    }
}

/// A JSON string literal for `text`, escaped by json-c (UTF-8 kept as is, `/` not escaped).
public func jsonString(_ text: String) -> String {
    let object = json_object_new_string_len(text, Int32(text.utf8.count))
    defer { json_object_put(object) }
    return String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE))
}
