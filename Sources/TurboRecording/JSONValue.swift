import CJSONC
import PolicyCore

/// A parsed JSON value, compared as a value: key order does not matter and every number is
/// a double (so `3509` and `3509.0` are equal). Used to compare timelines with goldens.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(_ object: OpaquePointer?) {
        guard let object else { self = .null; return }
        switch json_object_get_type(object) {
        case json_type_boolean: self = .bool(json_object_get_boolean(object) != 0)
        case json_type_int, json_type_double: self = .number(json_object_get_double(object))
        case json_type_string: self = .string(wholeString(object))
        case json_type_array:
            self = .array((0..<json_object_array_length(object)).map { JSONValue(json_object_array_get_idx(object, $0)) })
        case json_type_object:
            var members: [String: JSONValue] = [:]
            var iterator = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&iterator, &end) == 0 {
                members[String(cString: json_object_iter_peek_name(&iterator))] = JSONValue(json_object_iter_peek_value(&iterator))
                json_object_iter_next(&iterator)
            }
            self = .object(members)
        default: self = .null
        }
    }

    /// Equal as values, strings and keys by their UTF-8 bytes: Swift's `String ==` would call a
    /// label with e + U+0301 equal to one with é, and `check` would pass a golden that differs
    /// from its replay in bytes.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.sameBytes(as: y)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in JSONValue.member(key, of: y).map { $0 == value } ?? false }
        default: return false
        }
    }

    /// The value of the member whose name is `key`'s bytes, not merely canonically equivalent
    /// to it (a `[String: _]` lookup alone is the latter).
    public static func member(_ key: String, of members: [String: JSONValue]) -> JSONValue? {
        guard let index = members.index(forKey: key), members[index].key.sameBytes(as: key) else { return nil }
        return members[index].value
    }

    /// How many members its objects have in all, nested ones included.
    public var members: Int {
        switch self {
        case .array(let values): values.reduce(0) { $0 + $1.members }
        case .object(let members): members.values.reduce(members.count) { $0 + $1.members }
        default: 0
        }
    }

    /// Parses one JSON text; `nil` when it is not valid JSON.
    public init?(parsing text: String) {
        let tokener = json_tokener_new()
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
        let parsed = json_tokener_parse_ex(tokener, text, Int32(text.utf8.count + 1))
        guard json_tokener_get_error(tokener) == json_tokener_success else { return nil }
        defer { json_object_put(parsed) }
        self.init(parsed)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON: object keys sorted, numbers as the contracts print them (at most 3
    /// decimals), for messages that point at a value.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return formatMilliseconds(value)
        case .string(let value): return jsonString(value)
        case .array(let values): return "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { jsonString($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }
}
