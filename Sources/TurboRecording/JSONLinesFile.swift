import CJSONC

/// One line of a JSON Lines file that is not a recording (a golden): the object as json-c
/// prints it back, and its value for comparison.
public struct JSONLineValue: Equatable, Sendable {
    /// 1-based line in the file.
    public var line: Int
    /// The object re-printed by json-c on one line (keys as written, numbers as parsed).
    public var text: String
    public var value: JSONValue

    public init(line: Int, text: String, value: JSONValue) {
        self.line = line
        self.text = text
        self.value = value
    }
}

extension JSONLineValue {
    /// The object json-c parsed from line `line`, re-printed and as a value.
    public init(_ object: OpaquePointer, line: Int) {
        self.init(
            line: line,
            text: String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)),
            value: JSONValue(object))
    }

    /// The line at `line` of a file, read again from its bytes; `nil` when they are not one JSON value.
    public init?(bytes: [UInt8], line: Int) {
        let lines = JSONLines(bytes: bytes, name: "")
        lines.cutsAllowed = false
        guard let value = try? lines.next({ object, _ in JSONLineValue(object, line: line) }) else { return nil }
        self = value
    }
}

/// Every object of the JSON Lines file at `path`, strictly parsed: a line that is not a JSON
/// object is an error naming the file and line.
public func readJSONLineValues(path: String) throws -> [JSONLineValue] {
    let lines = try JSONLines(path: path)
    lines.cutsAllowed = false  // a golden is written whole
    var values: [JSONLineValue] = []
    while let value = try lines.next({ object, line in
        JSONLineValue(
            line: line,
            text: String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)),
            value: JSONValue(object))
    }) {
        values.append(value)
    }
    return values
}

/// Every value of the JSON Lines file at `path` (`-`: standard input), handed to `body` with its
/// line number one at a time: a file of any length is read in the memory of its longest line.
public func forEachJSONLineValue(path: String, _ body: (_ line: Int, _ value: JSONValue) throws -> Void) throws {
    let lines = try JSONLines(path: path)
    // Partials and goldens are written whole by this tool: a cut one is made again, not read past.
    lines.cutsAllowed = false
    while try lines.next({ object, line in try body(line, JSONValue(object)) }) != nil {}
}

/// `text` as json-c escapes a string (a JSON string literal, quotes included): the reference
/// the hand-written escaping of output lines is tested against.
public func jsonCString(_ text: String) -> String {
    let object = json_object_new_string_len(text, Int32(text.utf8.count))
    defer { json_object_put(object) }
    return String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE))
}
