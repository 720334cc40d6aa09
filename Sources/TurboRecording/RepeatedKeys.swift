import CJSONC
import PolicyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// json-c keeps the last of two members with one key, silently: `JSON_TOKENER_STRICT` does not
/// refuse them, json-c 0.16 has no flag that does, and the object it builds has lost the first
/// (its length counts the key once). Where unknown keys are refused (configs, partials), a key
/// given twice is refused too: one of the two values would be dropped unseen.
///
/// So the text json-c accepted is looked through again for its objects' keys. This is no
/// parser: json-c has already said the text is valid JSON, so strings, nesting and commas are
/// all that is followed; a key with an escape in it is read by json-c itself, so `"a"` and
/// `"\u0061"` are one key, as they are to json-c.
public enum RepeatedKeys {
    /// The first key given twice in one object of `text` (a JSON text json-c accepted), and the
    /// offset of its second appearance; `nil` when every object's keys are distinct. On a text
    /// that is not valid JSON it returns something or nothing, but never reads past `text`.
    public static func first(in text: UnsafeBufferPointer<UInt8>) -> (key: String, offset: Int)? {
        var objects: [OpenObject] = []
        // Every open object's keys so far, one after another: an object's are from its `first`.
        var keys: [Key] = []
        // Made once at a size most texts never pass (a partial's line: a few levels, some 40 keys).
        objects.reserveCapacity(16)
        keys.reserveCapacity(64)
        var index = 0
        while index < text.count {
            switch text[index] {
            case quote:
                let start = index
                let (end, escaped) = stringEnd(in: text, from: index + 1)
                index = end
                guard objects.last?.expectingKey == true else { break }
                objects[objects.count - 1].expectingKey = false
                let key = Key(start: start + 1, end: min(index, text.count), escaped: escaped)
                if objects[objects.count - 1].repeats(key, among: keys, in: text) {
                    return (String(decoding: key.bytes(in: text), as: UTF8.self), start)
                }
                keys.append(key)
            case UInt8(ascii: "{"): objects.append(OpenObject(first: keys.count, expectingKey: true))
            case UInt8(ascii: "["): objects.append(OpenObject(first: keys.count, expectingKey: false, isArray: true))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let closed = objects.popLast() { keys.removeSubrange(closed.first...) }
            case UInt8(ascii: ","):
                if let last = objects.last, !last.isArray { objects[objects.count - 1].expectingKey = true }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// What refuses the key: the message after `file:line: `.
    public static func message(_ key: String) -> String {
        "the key \(jsonString(key)) is given twice in one object (json-c would keep the last, silently): give each key once"
    }

    /// `first(in:)` of a line's bytes.
    public static func first(in line: some Collection<UInt8>) -> (key: String, offset: Int)? {
        let bytes = Array(line)
        return bytes.withUnsafeBufferPointer { first(in: $0) }
    }

    /// Where the string whose text starts at `start` ends (its closing quote, or the end of the
    /// text), and whether it has an escape.
    private static func stringEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, escaped: Bool) {
        var index = start, escaped = false
        while index < text.count, text[index] != quote {
            if text[index] == backslash {
                escaped = true
                index += 1
            }
            index += 1
        }
        return (min(index, text.count), escaped)
    }

    /// How many members the objects of `text` (a JSON text json-c accepted) have in all, as
    /// written: every colon outside a string is one. When it is the count json-c kept
    /// (`JSONValue.members`), no key was given twice, and `first(in:)` need not look: that is
    /// the common case, and this the cheap pass.
    public static func membersWritten(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, index = 0
        while index < text.count {
            switch text[index] {
            case quote: index = stringEnd(in: text, from: index + 1).end
            case UInt8(ascii: ":"): count += 1
            default: break
            }
            index += 1
        }
        return count
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// A key's text between its quotes.
    private struct Key {
        var start: Int
        var end: Int
        var escaped: Bool

        /// The key as json-c reads it: its bytes, or with an escape, what json-c makes of them.
        func bytes(in text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            escaped ? decoded(UnsafeBufferPointer(rebasing: text[(start - 1)..<min(end + 1, text.count)])) : Array(text[start..<end])
        }

        func same(as other: Key, in text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard escaped || other.escaped else {
                return end - start == other.end - other.start && memcmp(text.baseAddress! + start, text.baseAddress! + other.start, end - start) == 0
            }
            return bytes(in: text) == other.bytes(in: text)
        }
    }

    /// An object (or an array) not yet closed.
    private struct OpenObject {
        /// Where its keys start among the open objects' keys.
        var first: Int
        var expectingKey: Bool
        var isArray = false
        /// Its keys, once it has more than a few: compared one by one until then, as most have.
        var hashed: Set<[UInt8]>?

        mutating func repeats(_ key: Key, among keys: [Key], in text: UnsafeBufferPointer<UInt8>) -> Bool {
            let mine = keys[first...]
            if hashed == nil, mine.count >= 16 { hashed = Set(mine.map { $0.bytes(in: text) }) }
            if hashed != nil { return !hashed!.insert(key.bytes(in: text)).inserted }
            for other in mine where other.same(as: key, in: text) { return true }
            return false
        }
    }

    /// A string literal with escapes, quotes included, as json-c reads it.
    private static func decoded(_ literal: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var text = Array(literal)
        text.append(0)
        guard let object = text.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { json_tokener_parse($0.baseAddress!) } })
        else { return Array(literal) }
        defer { json_object_put(object) }
        guard json_object_get_type(object) == json_type_string, let start = json_object_get_string(object) else { return Array(literal) }
        let count = Int(json_object_get_string_len(object))
        return start.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}
