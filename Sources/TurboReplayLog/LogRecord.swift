import NativeErrorPolicy
import PolicyCore

/// One record of the native format (docs/recording-format.md, "Native recordings"), as the
/// app hands it to the logger. A text that is `nil` is missing (or could not be read as
/// Unicode: make text from bytes with `String(validating:as:)`, whose `nil` lands here); the
/// logger drops such a record and counts it rather than write a line the readers refuse.
public enum LogRecord: Sendable, Equatable {
    case path(online: Bool)
    /// `url` nil: left out (it is optional in the format).
    case presented(surface: String?, error: NativeError, url: String? = nil)
    case tapRetry(surface: String?)
    case appRetry(surface: String?, kind: AppRetryKind)
    case dismissed(surface: String?)
    case foreground
    case launch(cold: Bool = true)
    case config(offseason: Bool, tester: Bool = false)
    /// `url` and `id` nil: left out.
    case bridge(component: String?, event: String?, url: String? = nil, id: String? = nil)
    case appScreen(screen: String?)
    case finish(url: String?)
    case urlChange(url: String?)
    case cacheClear
    case cacheRemove(url: String?)
}

/// Who made an `app-retry`: the view by itself, or the user's tap.
public enum AppRetryKind: String, Sendable, Equatable {
    case auto
    case manual
}

/// Why a record was not written. Each counts toward the next `dropped` line.
public enum DropReason: String, CaseIterable, Sendable, Error {
    /// The clock gave a non-finite time, one beyond ±2^53 ms, or one before the last line's.
    case time
    /// A required text was missing, or a text held U+0000 (which the readers refuse) or was
    /// not valid Unicode.
    case text
    /// A value the readers would refuse or misread: an HTTP status outside 100–599 other than
    /// Android's −1, an error code beyond 32 bits, a `startedAt` outside the years 0000–9999.
    case value
    /// The line would pass the readers' 1 MiB limit.
    case size
    /// The file could not be opened or written (a full disk, a revoked permission), or it is
    /// full and could not be rotated (a folder that refuses the rename).
    case io
    /// The background writer's queue was full (the Kotlin logger's option; the Swift logger
    /// writes on the caller's thread and never drops for this).
    case queue
}

extension LogRecord {
    /// The record's line without its line end, or why it cannot be written.
    func line(t: Double) -> Result<[UInt8], DropReason> {
        var line = JSONLine()
        line.number("t", t)
        guard fill(&line) else { return .failure(.text) }
        if case .presented(_, let error, _) = self, !error.isLoggable { return .failure(.value) }
        return .success(line.bytes + [UInt8(ascii: "}")])
    }

    /// Adds `type` and the fields; false when a text is missing or unwritable.
    private func fill(_ line: inout JSONLine) -> Bool {
        switch self {
        case .path(let online):
            line.string("type", "path")
            line.bool("online", online)
        case .presented(let surface, let error, let url):
            guard let surface = writable(surface), url.map(isWritable) ?? true else { return false }
            line.string("type", "presented")
            line.string("surface", surface)
            line.raw("error", errorJSON(error))
            if let url { line.string("url", url) }
        case .tapRetry(let surface), .dismissed(let surface):
            guard let surface = writable(surface) else { return false }
            line.string("type", self == .tapRetry(surface: surface) ? "tap-retry" : "dismissed")
            line.string("surface", surface)
        case .appRetry(let surface, let kind):
            guard let surface = writable(surface) else { return false }
            line.string("type", "app-retry")
            line.string("surface", surface)
            line.string("kind", kind.rawValue)
        default:
            return fillOthers(&line)
        }
        return true
    }

    private func fillOthers(_ line: inout JSONLine) -> Bool {
        switch self {
        case .foreground, .cacheClear:
            line.string("type", self == .foreground ? "foreground" : "cache-clear")
        case .launch(let cold):
            line.string("type", "launch")
            line.bool("cold", cold)
        case .config(let offseason, let tester):
            line.string("type", "config")
            line.bool("offseason", offseason)
            line.bool("tester", tester)
        case .bridge(let component, let event, let url, let id):
            guard let component = writable(component), let event = writable(event), url.map(isWritable) ?? true, id.map(isWritable) ?? true
            else { return false }
            line.string("type", "bridge")
            line.string("component", component)
            line.string("event", event)
            if let url { line.string("url", url) }
            if let id { line.string("id", id) }
        case .appScreen(let screen):
            guard let screen = writable(screen) else { return false }
            line.string("type", "app-screen")
            line.string("screen", screen)
        case .finish(let url), .urlChange(let url), .cacheRemove(let url):
            guard let url = writable(url) else { return false }
            line.string("type", self == .finish(url: url) ? "finish" : self == .urlChange(url: url) ? "url-change" : "cache-remove")
            line.string("url", url)
        default:
            return false
        }
        return true
    }
}

extension NativeError {
    /// Whether the readers take this error as the frameworks hand it: an HTTP status of
    /// 100–599, or −1 (Android's visit without an HTTP response); a code within 32 bits (both
    /// frameworks' codes are).
    var isLoggable: Bool {
        switch self {
        case .http(let status): return (100...599).contains(status) || status == -1
        case .web(.code(let code)): return Int32(exactly: code) != nil
        default: return true
        }
    }
}

/// The `error` object of a `presented` line, keys in the format's order.
public func errorJSON(_ error: NativeError) -> String {
    switch error {
    case .http(let status): return #"{"kind":"http","status":\#(status)}"#
    case .web(.code(let code)): return #"{"kind":"web","code":\#(code)}"#
    case .web(.turbo(let failure)): return #"{"kind":"web","turbo":"\#(failure.rawValue)"}"#
    case .ssl: return #"{"kind":"ssl"}"#
    case .load: return #"{"kind":"load"}"#
    }
}

/// A Swift `String` is always valid Unicode; what the readers still refuse is U+0000.
private func isWritable(_ text: String) -> Bool {
    !text.utf8.contains(0)
}

private func writable(_ text: String?) -> String? {
    text.flatMap { isWritable($0) ? $0 : nil }
}
