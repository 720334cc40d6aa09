import Foundation

/// SplitMix64: a tiny seeded generator, so that every property test sees the same recordings
/// on every machine and a failure names the seed that reproduces it.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0..<choices.count)] }

    // What the standard library's `random(in:using:)`, `random(using:)` and
    // `randomElement(using:)` give with this generator, number for number (SeededRandomTests
    // holds them equal), written out: a debug build runs the library's generic ones
    // unspecialized, through witness tables, at several times the cost, and the generators
    // draw millions.

    /// `Int.random(in: range, using: &self)`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let delta = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        if delta == .max { return Int(truncatingIfNeeded: next()) }
        return Int(truncatingIfNeeded: UInt64(bitPattern: Int64(range.lowerBound)) &+ below(delta + 1))
    }

    /// `Int.random(in: range, using: &self)`.
    mutating func int(in range: Range<Int>) -> Int {
        precondition(!range.isEmpty, "an empty range has no random value")
        let delta = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        return Int(truncatingIfNeeded: UInt64(bitPattern: Int64(range.lowerBound)) &+ below(delta))
    }

    /// `Bool.random(using: &self)`.
    mutating func bool() -> Bool { (next() >> 17) & 1 == 0 }

    /// `Double.random(in: 0..<1, using: &self)`: 53 random bits, scaled.
    mutating func unit() -> Double { Double(next() & ((1 << 53) - 1)) * (Double.ulpOfOne / 2) }

    /// `next(upperBound:)`: Lemire's nearly divisionless method, as the library does it.
    private mutating func below(_ upperBound: UInt64) -> UInt64 {
        precondition(upperBound != 0, "upperBound cannot be zero")
        var m = next().multipliedFullWidth(by: upperBound)
        if m.low < upperBound {
            let t = (0 &- upperBound) % upperBound
            while m.low < t { m = next().multipliedFullWidth(by: upperBound) }
        }
        return m.high
    }
}

/// Valid recordings of format v1 with every shape the controller reacts to, written the way
/// recorders write them, plus field values that stress the reader (equal times, due times
/// that collide with records, unusual JSON that json-c must read: escapes, exponents,
/// non-ASCII, spaces, duplicate keys).
struct RecordingGenerator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// One recording: its lines, each a valid record.
    mutating func recording(records count: Int) -> [String] {
        var lines: [String] = []
        var t = Double(random.int(in: 0...500)) / 10
        if random.chance(0.7) {
            lines.append(#"{"type":"meta","version":1,"source":"generated","userAgent":"SwiftTesting","page":"/","startedAt":"2026-11-30T11:35:02.738Z"}"#)
        }
        if random.chance(0.8) {
            lines.append(#"{"t":\#(number(t)),"type":"connect","context":null,"online":true,"page":"/"}"#)
        }
        while lines.count < count {
            t = nextTime(after: t)
            lines.append(record(at: t))
        }
        return lines
    }

    /// Times mostly advance by tens of ms, sometimes stay equal, and sometimes land exactly
    /// on a debounce or flash due time.
    private mutating func nextTime(after t: Double) -> Double {
        switch random.int(in: 0..<10) {
        case 0: return t
        case 1: return t + 800
        case 2: return t + 2000
        case 3: return t + Double(random.int(in: 1...3000)) / 10
        default: return t + Double(random.int(in: 1...500)) / 10
        }
    }

    private mutating func record(at t: Double) -> String {
        let time = number(t)
        switch random.int(in: 0..<100) {
        case 0..<12: return #"{"t":\#(time),"type":"offline"}"#
        case 12..<24: return #"{"t":\#(time),"type":"online"}"#
        case 24..<30:
            return
                #"{"t":\#(time),"type":"turbo:fetch-request-error","url":"http://127.0.0.1:41025/frame","method":"GET","target":"\#(random.pick(["html", "turbo-frame#comments", "a#page2"]))","error":"TypeError: Failed to fetch"}"#
        case 30..<45: return submitEnd(time)
        case 45..<53:
            let context = random.pick(["null", #""ride""#, #""delivery""#, #""ri\u0064e""#, ""])
            let online = random.pick([#","online":true"#, #","online":false"#, ""])
            let contextField = context.isEmpty ? "" : #","context":\#(context)"#
            return #"{"t":\#(time),"type":"connect"\#(contextField)\#(online),"page":"/"}"#
        case 53..<58: return #"{"t":\#(time),"type":"disconnect"}"#
        case 58..<60:
            return #"{"type":"meta","version":1,"source":"generated"}"#
        case 60..<62:
            // `persisted` is not type-checked: anything but true is a document that unloads.
            let persisted = random.pick(["", #","persisted":false"#, #","persisted":true"#, #","persisted":null"#, #","persisted":"true""#])
            return #"{"t":\#(time),"type":"pagehide"\#(persisted)}"#
        case 62..<64:
            // Unusual but valid JSON: json-c reads these lines, not the fast path.
            return random.pick([
                #"{ "t" : \#(time) , "type" : "turbo:load" }"#,
                #"{"t":\#(time),"type":"turbo:visit","url":"/caf\u00e9","title":"Café ☕"}"#,
                #"{"t":\#(time),"type":"visibilitychange","state":"hid\u0064en","n":1.5e3}"#,
                #"{"t":\#(time),"type":"turbo:reload","reason":"x","reason":"tracked_element_mismatch"}"#,
                #"{"t":\#(time),"type":"turbo:frame-load","target":"turbo-frame#a","nested":{"a":[1,2,{"b":[[[[[[[[[[]]]]]]]]]]}]}}"#,
            ])
        default:
            return random.pick([
                #"{"t":\#(time),"type":"turbo:before-fetch-response","statusCode":200,"target":"turbo-frame#comments"}"#,
                #"{"t":\#(time),"type":"turbo:frame-load","target":"turbo-frame#comments"}"#,
                #"{"t":\#(time),"type":"turbo:visit","url":"/page2","action":"advance"}"#,
                #"{"t":\#(time),"type":"visibilitychange","state":"hidden"}"#,
                #"{"t":\#(time),"type":"turbo:submit-start"}"#,
                #"{"t":\#(time),"type":"some-future-event","data":[1,"two",null,true,{"x":-0.5}]}"#,
            ])
        }
    }

    private mutating func submitEnd(_ time: String) -> String {
        let success = random.pick([#","success":true"#, #","success":false"#, ""])
        let response = random.pick([
            #","fetchResponse":null"#, "",
            #","fetchResponse":{"statusCode":422,"redirected":false}"#,
            #","fetchResponse":{"statusCode":500}"#,
            #","fetchResponse":{"statusCode":"422"}"#,
            #","fetchResponse":{"statusCode":422.0}"#,
            #","fetchResponse":{}"#,
        ])
        return #"{"t":\#(time),"type":"turbo:submit-end"\#(success)\#(response),"action":"/messages","method":"POST"}"#
    }

    /// A time the way recorders print it, sometimes in a form only json-c reads.
    private mutating func number(_ t: Double) -> String {
        let text = formatted(t)
        if random.chance(0.03), t == t.rounded(), t < 1e15 { return "\(Int(t)).0" }
        if random.chance(0.05), t == t.rounded(), t < 1e15, Int(t) % 10 == 0 { return "\(Int(t) / 10)e1" }
        return text
    }

    private func formatted(_ t: Double) -> String { tenths(t) }

    /// A line that breaks the format, as bytes (some are not UTF-8), valid at any place in the
    /// recording after its first timed record (one kind goes back in time).
    mutating func badLine() -> [UInt8] {
        if random.chance(0.05) { return Array(#"{"t":1,"type":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8) }
        return Array(
            random.pick([
                "not json",
                #"{"t":1,"type":"#,
                "[]",
                "42",
                "null",
                #"{"type":"offline"}"#,
                #"{"t":5}"#,
                #"{"t":5,"type":7}"#,
                #"{"t":"5","type":"offline"}"#,
                #"{"t":5,"type":"connect","online":"yes"}"#,
                #"{"t":5,"type":"connect","online":null}"#,
                #"{"t":5,"type":"connect","context":3}"#,
                #"{"t":5,"type":"turbo:submit-end","fetchResponse":[]}"#,
                #"{"t":5,"type":"turbo:submit-end","success":"true"}"#,
                #"{"t":1e999,"type":"offline"}"#,
                #"{"t":-1e300,"type":"offline"}"#,
                #"{"t":1,"type":"offline",}"#,
                #"{"t":01,"type":"offline"}"#,
                #"{"t":1,"type":"offline"} trailing"#,
                String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
                #"{"a":"# + String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 41),
            ]).utf8)
    }
}
