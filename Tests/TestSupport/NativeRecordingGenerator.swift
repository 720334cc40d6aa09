import Foundation
import NativeErrorPolicy

/// Valid native recordings (native-error-policy.md v2.1) of either platform, with every record
/// type the error view reads and some it ignores, times that land exactly on settle, probe
/// and cooldown due times, and errors from both platforms' tables, Turbo.js's values and HTTP
/// statuses in and outside 100…599. Each recording comes with what its lines say, as the
/// generator wrote them (not as a reader read them): the inputs, at their times and lines.
package struct NativeRecordingGenerator {
    var random: SeededRandom

    package init(seed: UInt64) { random = SeededRandom(seed: seed) }

    package struct Recording {
        package var platform: Platform
        package var lines: [String]
        /// The inputs of the retry policy, with their times and 1-based lines.
        package var inputs: [(t: Double, input: PolicyInput, line: Int)]
        package var text: String { lines.joined(separator: "\n") + "\n" }
    }

    static let surfaces = ["tab:home", "tab:feed", "sheet", "modal", "auth", "live-card"]
    /// Both tables' codes and their neighbours, so that each list is read on the other platform too.
    static let webCodes = [
        -1009, -1005, -1001, -1003, -1004, -1006, -1018, -1019, -1020, -1200, -1202, -999,
        0, -1, -2, -3, -6, -7, -8, -11, -16, 7,
    ]
    static let statuses = [-1, 0, 99, 100, 200, 401, 404, 500, 503, 599, 600, 1000]

    package mutating func recording(records count: Int, platform: Platform) -> Recording {
        var lines: [String] = []
        var meta = #"{"type":"meta","version":1,"recording":"native","platform":"\#(platform.rawValue)""#
        if random.chance(0.5) { meta += #","startedAt":"2026-12-01T09:59:59.000Z""# }
        lines.append(meta + "}")
        var inputs: [(t: Double, input: PolicyInput, line: Int)] = []
        // In tenths of a millisecond, so that the time written and the time meant are one double.
        var tenths = random.int(in: 0...500)
        while lines.count < count {
            tenths = nextTime(after: tenths)
            let t = Double(tenths) / 10
            let (line, input) = record(at: t)
            lines.append(line)
            if let input { inputs.append((t, input, lines.count)) }
        }
        return Recording(platform: platform, lines: lines, inputs: inputs)
    }

    /// Mostly small steps; sometimes none, or exactly a settle, a probe or a cooldown later.
    private mutating func nextTime(after tenths: Int) -> Int {
        switch random.int(in: 0..<12) {
        case 0: return tenths
        case 1: return tenths + 4000
        case 2: return tenths + 25000
        case 3: return tenths + 150000
        case 4: return tenths + random.int(in: 1...40000)
        default: return tenths + random.int(in: 1...9000)
        }
    }

    private mutating func record(at t: Double) -> (String, PolicyInput?) {
        let time = formatted(t)
        let surface = random.pick(Self.surfaces)
        switch random.int(in: 0..<100) {
        case 0..<22:
            let online = random.chance(0.55)
            return (#"{"t":\#(time),"type":"path","online":\#(online)}"#, .path(online: online))
        case 22..<55:
            let (json, error) = self.error()
            return (
                #"{"t":\#(time),"type":"presented","surface":"\#(surface)","error":\#(json)}"#,
                .presented(surface: surface, error: error)
            )
        case 55..<67:
            return (#"{"t":\#(time),"type":"tap-retry","surface":"\#(surface)"}"#, .tapRetry(surface: surface))
        case 67..<75:
            return (#"{"t":\#(time),"type":"dismissed","surface":"\#(surface)"}"#, .dismissed(surface: surface))
        case 75..<85:
            return (#"{"t":\#(time),"type":"foreground"}"#, .foreground)
        default:
            // A launch (v2.1: it ends the error view's state), or a record the error view ignores:
            // the app's own retries, the launch policy's, anything newer.
            let launch = #"{"t":\#(time),"type":"launch"}"#
            let line = random.pick([
                #"{"t":\#(time),"type":"app-retry","surface":"\#(surface)","kind":"auto"}"#,
                launch,
                #"{"t":\#(time),"type":"bridge","component":"page-load","event":"connect","url":"https://a.example/","id":"3"}"#,
                #"{"t":\#(time),"type":"some-future-record","data":[1,{"x":null}]}"#,
            ])
            return (line, line == launch ? .launch : nil)
        }
    }

    private mutating func error() -> (String, NativeError) {
        switch random.int(in: 0..<10) {
        case 0..<5:
            let code = random.pick(Self.webCodes)
            return (#"{"kind":"web","code":\#(code)}"#, .web(.code(code)))
        case 5:
            let turbo = random.pick(TurboFailure.allCases)
            return (#"{"kind":"web","turbo":"\#(turbo.rawValue)"}"#, .web(.turbo(turbo)))
        case 6..<9:
            let status = random.pick(Self.statuses)
            return (#"{"kind":"http","status":\#(status)}"#, .http(status: status))
        default:
            return random.chance(0.5) ? (#"{"kind":"ssl"}"#, .ssl) : (#"{"kind":"load"}"#, .load)
        }
    }

    private func formatted(_ t: Double) -> String { tenths(t) }
}
