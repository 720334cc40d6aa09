// Runs a script of logger calls (android/calls/*.calls: the format in shared.calls's header,
// the calls of a life across processes in relaunch.calls's) against TurboReplayLog: the log
// goes to the file named second, and what the script asks to print (`format`, `started-at`,
// `map-ios`, `map-android`, `print-dropped`, `end-file`, `upload`) to standard output. Each `log` call is a new
// process's logger. The Kotlin driver (android/src/test/kotlin/ScriptDriver.kt) reads the same
// scripts; android/test holds the two outputs byte for byte, and script/logger-crash-loop and
// the tests of TurboReplayLogTests run this driver as an app process of their own.
import Foundation
import NativeErrorPolicy
import PolicyCore
import TurboReplayLog
import TurboReplayLogUpload

/// A word, a quoted string (`nil` when its UTF-16 is not valid Unicode), or `-` (`nil`).
func tokens(_ line: String) -> [String?] {
    var result: [String?] = []
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        if character == " " {
            index = line.index(after: index)
        } else if character == "\"" {
            var units: [UInt16] = []
            index = line.index(after: index)
            while index < line.endIndex, line[index] != "\"" {
                if line[index] == "\\" {
                    index = line.index(after: index)
                    switch line[index] {
                    case "n": units.append(10)
                    case "t": units.append(9)
                    case "u":
                        let hex = line[line.index(after: index)...].prefix(4)
                        units.append(UInt16(hex, radix: 16)!)
                        index = line.index(index, offsetBy: 4)
                    default: units.append(contentsOf: String(line[index]).utf16)
                    }
                } else {
                    units.append(contentsOf: String(line[index]).utf16)
                }
                index = line.index(after: index)
            }
            index = line.index(after: index)
            result.append(String(validating: units, as: UTF16.self))
        } else {
            let end = line[index...].firstIndex(of: " ") ?? line.endIndex
            let word = String(line[index..<end])
            result.append(word == "-" ? nil : word)
            index = end
        }
    }
    return result
}

func number(_ word: String?) -> Double {
    switch word {
    case "nan": .nan
    case "inf": .infinity
    case "-inf": -.infinity
    default: Double(word!)!
    }
}

func error(_ word: String) -> NativeError {
    let parts = word.split(separator: ":", maxSplits: 1).map(String.init)
    switch parts[0] {
    case "http": return .http(status: Int(parts[1])!)
    case "web": return .web(.code(Int(parts[1])!))
    case "turbo": return .web(.turbo(TurboFailure(rawValue: parts[1])!))
    case "ssl": return .ssl
    default: return .load
    }
}

func record(_ name: String, _ a: [String?]) -> LogRecord? {
    func at(_ i: Int) -> String? { i < a.count ? a[i] : nil }
    switch name {
    case "path": return .path(online: at(0) == "true")
    case "presented": return .presented(surface: at(0), error: error(at(1)!), url: at(2))
    case "tap-retry": return .tapRetry(surface: at(0))
    case "dismissed": return .dismissed(surface: at(0))
    case "app-retry": return .appRetry(surface: at(0), kind: AppRetryKind(rawValue: at(1)!)!)
    case "foreground": return .foreground
    case "launch": return .launch(cold: at(0) != "false")
    case "config": return .config(offseason: at(0) == "true", tester: at(1) == "true")
    case "bridge": return .bridge(component: at(0), event: at(1), url: at(2), id: at(3))
    case "app-screen": return .appScreen(screen: at(0))
    case "finish": return .finish(url: at(0))
    case "url-change": return .urlChange(url: at(0))
    case "cache-clear": return .cacheClear
    case "cache-remove": return .cacheRemove(url: at(0))
    default: return nil
    }
}

func printed(_ name: String, _ a: [String?]) -> String? {
    switch name {
    case "format": return formatMilliseconds(number(a[0]))
    case "started-at": return StartedAt.text(unixMilliseconds: Int64(a[0]!)!) ?? "-"
    case "map-ios":
        let handed: IOSHandedError =
            switch a[0] {
            case "http": .http(statusCode: Int(a[1]!)!)
            case "web": .web(errorCode: Int(a[1]!)!, hasURLError: a[2] == "true", isTimeout: a[3] == "true")
            default: .load
            }
        return errorJSON(NativeError(ios: handed))
    case "map-android":
        let handed: AndroidVisitError =
            switch a[0] {
            case "http": .http(statusCode: Int(a[1]!)!)
            case "web": .web(errorCode: Int(a[1]!)!)
            case "ssl": .ssl(errorCode: Int(a[1]!)!)
            default: .load
            }
        return errorJSON(NativeError(android: handed))
    default: return nil
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let script = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write(Data("usage: log-script SCRIPT LOG\n".utf8))
    exit(64)
}
/// The script's clock: set by `clock MS`, or the system's monotonic clock after `clock real`.
final class ScriptClock: MonotonicClock, @unchecked Sendable {
    var reading: Double = 0
    var real = false
    func now() -> Double { real ? SystemMonotonicClock().now() : reading }
}

/// The script's log ids: the system's random ones, or after `ids N` the numbers N, N+1, … as
/// 32 hex digits, so that a script's bytes are known.
final class ScriptIDs: LogIDSource, @unchecked Sendable {
    var counter: UInt64?
    func next() -> LogID {
        guard let value = counter else { return RandomLogIDs().next() }
        counter = value &+ 1
        return LogID(high: 0, low: value)
    }
}

let clock = ScriptClock()
let ids = ScriptIDs()
var log: AppLog?

/// Runs one call; false when the call is unknown.
@MainActor func run(_ name: String, _ rest: [String?]) -> Bool {
    switch name {
    case "clock":
        clock.real = rest[0] == "real"
        if !clock.real { clock.reading = number(rest[0]) }
    case "ids":
        ids.counter = UInt64(rest[0]!)!
    case "log":
        // `now`: the wall clock, as an app passes it. Then the app's version and build, if given.
        let wall = rest[1] == "now" ? Int64(Date().timeIntervalSince1970 * 1000) : rest[1].map { Int64($0)! }
        let app = rest.count > 4 ? AppVersion(version: rest[4] ?? "", build: rest.count > 5 ? rest[5] : nil) : nil
        log = AppLog(
            path: arguments[2], platform: Platform(rawValue: rest[0]!)!, app: app, startedAt: wall, clock: clock, maxBytes: Int(rest[2]!)!,
            keep: Int(rest[3]!)!, logIDs: ids)
    case "web-session":
        // `-`: an empty id, which the logger refuses.
        log?.webSession(rest[0] ?? "")
    case "cut":
        // A process that died mid-line: half a line, with no line end, at the file's end.
        let handle = FileHandle(forWritingAtPath: arguments[2])!
        handle.seekToEndOfFile()
        handle.write(Data(rest[0]!.utf8))
        handle.closeFile()
    case "empty":
        // A process that died just after a rotation made the log's next file: it is empty.
        FileManager.default.createFile(atPath: arguments[2], contents: Data())
    case "block":
        // A rotation that cannot happen: a directory, not empty, where a rotated file goes.
        try! FileManager.default.createDirectory(atPath: arguments[2] + rest[0]!, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: arguments[2] + rest[0]! + "/in-the-way", contents: Data())
    case "unblock":
        try! FileManager.default.removeItem(atPath: arguments[2] + rest[0]!)
    case "end-file":
        print("end-file \(log?.endFile() ?? false)")
    case "upload":
        // `upload BASE [TOKEN]`: one pass of the uploader over the log's closed files, each
        // file's outcome printed (Swift only: the Kotlin driver has no network in its scripts).
        upload(base: rest[0]!, token: rest.count > 1 ? rest[1] : nil)
    case "print-dropped":
        print("dropped \(log?.droppedSinceLastReport ?? 0)")
    case "repeat":
        // `repeat N CALL…`, or `repeat forever CALL…` until the process is killed.
        let count = rest[0] == "forever" ? Int.max : Int(rest[0]!)!
        for _ in 0..<count where !run(rest[1]!, Array(rest.dropFirst(2))) { return false }
    default:
        if let output = printed(name, rest) {
            print(output)
        } else if let record = record(name, rest), let log {
            log.log(record)
        } else {
            return false
        }
    }
    return true
}

/// One pass of the uploader, waited for: an app process that closes its log and sends it.
func upload(base: String, token: String?) {
    let configuration = LogUploader.Configuration(base: URL(string: base)!, token: token, backoff: Backoff(initial: 0.2, maximum: 2, attempts: 10))
    let uploader = LogUploader(logPath: arguments[2], configuration: configuration)
    let done = DispatchSemaphore(value: 0)
    let events = Box()
    Task.detached {
        events.value = await uploader.uploadPending()
        done.signal()
    }
    done.wait()
    for event in events.value {
        switch event {
        case .uploaded(let id, _, let parts): print("uploaded \(id) \(parts)")
        case .conflict(let id, _, let part): print("conflict \(id) \(part)")
        case .failed(let id, _, let part, let status): print("failed \(id) \(part) \(status.map(String.init) ?? "-")")
        case .skipped(let path): print("skipped \(path)")
        }
    }
}

final class Box: @unchecked Sendable {
    var value: [UploadEvent] = []
}

// `forever`: the calls after it run again and again, until the process is killed.
let calls = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
var index = 0
var loopStart: Int?
while index < calls.count || loopStart != nil {
    if index == calls.count, let loopStart { index = loopStart }
    let words = tokens(calls[index])
    index += 1
    guard let first = words.first, let name = first, !name.hasPrefix("#") else { continue }
    if name == "forever" {
        loopStart = index
        continue
    }
    guard run(name, Array(words.dropFirst())) else {
        FileHandle.standardError.write(Data("\(arguments[1]):\(index): unknown call \(name)\n".utf8))
        exit(65)
    }
}
