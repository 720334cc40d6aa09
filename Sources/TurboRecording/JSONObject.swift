import CJSONC
import PolicyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Typed reads of one field of a json-c object, for the decoders. A field is `.absent` when
/// the key is missing, so that "absent" and "null" stay apart, as the format needs.
enum Field {
    case absent
    case present(OpaquePointer?)

    /// A field named by a literal: its bytes go to json-c as they are, with no C string made
    /// per lookup (this runs several times for every line of a recording).
    init(_ object: OpaquePointer, _ key: StaticString) {
        var value: OpaquePointer?
        let name = UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self)
        self = json_object_object_get_ex(object, name, &value) != 0 ? .present(value) : .absent
    }

    init(_ object: OpaquePointer, named key: String) {
        var value: OpaquePointer?
        self = json_object_object_get_ex(object, key, &value) != 0 ? .present(value) : .absent
    }

    var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    var isNull: Bool {
        if case .present(nil) = self { return true }
        return false
    }

    /// The value when it is a JSON string; `nil` for any other type (informative fields may be anything).
    var string: String? {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_string else { return nil }
        return wholeString(value)
    }

    /// Whether the value is this JSON string, compared in place (no string is made).
    func isString(_ literal: StaticString) -> Bool {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_string else { return false }
        return Int(json_object_get_string_len(value)) == literal.utf8CodeUnitCount && sameBytes(json_object_get_string(value)!, literal)
    }

    var bool: Bool? {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_boolean else { return nil }
        return json_object_get_boolean(value) != 0
    }

    /// A JSON integer (not `422.0`, not `"422"`) within ±2^53 (`isOutOfRangeInteger` tells
    /// the integers beyond).
    var integer: Int? {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_int else { return nil }
        let n = json_object_get_int64(value)
        return n.magnitude <= exactIntegerLimit ? Int(n) : nil
    }

    /// A JSON integer beyond ±2^53. json-c keeps no text of a number and saturates what does
    /// not fit (`99999999999999999999` reads as 2^64 − 1, `-99999999999999999999` as −2^63)
    /// without a word, so the only robust test is the range: every saturated value is past
    /// 2^53, and below it a double, and every JSON reader, holds an integer exactly.
    var isOutOfRangeInteger: Bool {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_int else { return false }
        return json_object_get_int64(value).magnitude > exactIntegerLimit
    }

    /// A JSON number, as a double (infinite for `1e400`).
    var number: Double? {
        guard case .present(let value?) = self else { return nil }
        let type = json_object_get_type(value)
        guard type == json_type_double || type == json_type_int else { return nil }
        return json_object_get_double(value)
    }

    /// A JSON number that is finite and within ±2^53, as every time and duration must be
    /// (`exactMillisecondsLimit`): beyond, adding milliseconds is no longer exact, and a sum
    /// of settings could reach infinity, which JSON cannot print.
    var finiteNumber: Double? {
        // The type asked once: this reads every record's time.
        guard case .present(let value?) = self else { return nil }
        switch json_object_get_type(value) {
        case json_type_double:
            let number = json_object_get_double(value)
            // json-c rounds a number written with a fraction to the nearest double, and from
            // 2^52 on a double holds whole numbers only: `9007199254740990.5` would read as
            // …990 and `9007199254740991.5` as 2^53. Refused, not read half a millisecond off.
            guard number.magnitude >= 4_503_599_627_370_496 else { return number }
            return number.magnitude < exactMillisecondsLimit && writtenWhole(value) ? number : nil
        case json_type_int:
            // An integer is judged as itself: 2^53 + 1 would round to 2^53 as a double.
            let integer = json_object_get_int64(value)
            return integer.magnitude <= exactIntegerLimit ? Double(integer) : nil
        default:
            return nil
        }
    }

    /// A number json-c read as a double whose text (json-c keeps it) is a whole number: digits,
    /// and only zeros after a point, no exponent.
    private func writtenWhole(_ value: OpaquePointer) -> Bool {
        guard let text = json_object_get_string(value) else { return false }
        var afterPoint = false
        for byte in UnsafeRawBufferPointer(start: text, count: strlen(text)) {
            switch byte {
            case UInt8(ascii: "."): afterPoint = true
            case UInt8(ascii: "1")...UInt8(ascii: "9") where afterPoint: return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return false
            default: continue
            }
        }
        return true
    }

    /// A record's time: a finite number of milliseconds within ±2^53.
    var time: Double? { finiteNumber }

    /// A number too large to be a time or a duration (not infinite: that is no number at all).
    var isOutOfRangeNumber: Bool {
        guard let number, number.isFinite else { return false }
        return finiteNumber == nil
    }

    var isObject: Bool {
        guard case .present(let value?) = self else { return false }
        return json_object_get_type(value) == json_type_object
    }

    var object: OpaquePointer? {
        guard case .present(let value?) = self, json_object_get_type(value) == json_type_object else { return nil }
        return value
    }
}

/// 2^53: the largest magnitude below which every integer is a double, exactly.
let exactIntegerLimit: UInt64 = 1 << 53

/// Why an integer field is refused: json-c saturates what it cannot hold.
func outOfRange(_ field: String) -> String {
    #""\#(field)" is out of range: an integer must lie within ±2^53 (9007199254740992)"#
}

/// A json-c string, whole: its length is json-c's, not where a C string would stop. (The
/// reader refuses NUL characters anyway; this keeps a string from being cut if one got by.)
func wholeString(_ value: OpaquePointer) -> String {
    let bytes = UnsafeRawPointer(json_object_get_string(value)!).assumingMemoryBound(to: UInt8.self)
    return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(json_object_get_string_len(value))), as: UTF8.self)
}

/// Whether `text`, already known to be as long as `literal`, holds its bytes: eight (or four)
/// at a time, the last word overlapping, with no call (the types of every line are told apart so, by
/// length first and then this).
@inline(__always)
func sameBytes(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    let a = UnsafeRawPointer(text), b = UnsafeRawPointer(literal.utf8Start)
    guard count >= 8 else {
        guard count >= 4 else { return memcmp(a, b, count) == 0 }
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var offset = 0
    while true {
        if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
            return false
        }
        if offset + 8 == count { return true }
        offset = min(offset + 8, count - 8)
    }
}

/// `strcmp(text, literal) == 0` without making a C string of the literal on every call
/// (Swift would allocate one to pass a `String` where C wants `const char *`).
func equals(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    strcmp(text, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
}

/// A record's `type`, `t` and `target`, found in one walk over its members in the order they
/// were written rather than by hashed lookups (a lookup hashes the key and compares it): every
/// line needs the first two, half of a field log's lines the third, and recorders write them
/// first, so the walk is short. (json-c keeps one member per key, the last written, as a lookup
/// would find it.)
func recordHead(_ object: OpaquePointer) -> (type: Field, t: Field, target: Field) {
    var type = Field.absent, t = Field.absent, target = Field.absent
    var found = 0
    var entry = lh_table_head(json_object_get_object(object))
    while let current = entry, found < 3 {
        let key = lh_entry_k(current)!.assumingMemoryBound(to: UInt8.self)
        if key[0] == UInt8(ascii: "t") {
            let value = OpaquePointer(lh_entry_v(current))
            if key[1] == 0 {
                t = .present(value)
                found += 1
            } else if key[1] == UInt8(ascii: "y"), key[2] == UInt8(ascii: "p"), key[3] == UInt8(ascii: "e"), key[4] == 0 {
                type = .present(value)
                found += 1
            } else if key[1] == UInt8(ascii: "a"), key[2] == UInt8(ascii: "r"), key[3] == UInt8(ascii: "g"), key[4] == UInt8(ascii: "e"),
                key[5] == UInt8(ascii: "t"), key[6] == 0
            {
                target = .present(value)
                found += 1
            }
        }
        entry = lh_entry_next(current)
    }
    return (type, t, target)
}
