#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One app session in a collector's folder: the page's recording `ROOT/web/ID/`, and the app's
/// log under `ROOT/native/` that says, by a `web-session` record naming ID, that it ran beside
/// that page (recording-format.md, "Field identity").
public struct CollectorSession: Sendable {
    public let web: String
    public let native: String

    /// A session or log id as a collector takes it: `[A-Za-z0-9_-]{1,128}`.
    public static func isID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return (1...128).contains(bytes.count)
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "_"), UInt8(ascii: "-"):
                    return true
                default: return false
                }
            }
    }

    /// Finds session `id` under `root`: 66 when the page's recording or an app's log naming it
    /// is not there, 65 when several app logs name it.
    public init(root: String, id: String) throws {
        let root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        web = root + "/web/" + id
        guard CollectorFolder.isFolder(web) else {
            throw RecordingError(
                .unreadable, path: web, line: nil,
                "the collector holds no recording of page session \(id) (no folder web/\(id) under \(root)): "
                    + "its session ids are the folders of \(root)/web")
        }
        let logs = try Self.logFolders(in: root + "/native")
        var found: [String] = []
        for log in logs where try Self.names(id, log: log) { found.append(log) }
        guard found.count == 1 else {
            if found.isEmpty {
                throw RecordingError(
                    .unreadable, path: root + "/native", line: nil,
                    "none of its \(logs.count) app log\(logs.count == 1 ? "" : "s") has a web-session record naming \(id) "
                        + "(the app's logger writes one when the page reports its session): "
                        + "give the app's log yourself, turbo-replay session \(web) NATIVE")
            }
            throw RecordingError(
                .malformed, path: root + "/native", line: nil,
                "\(found.count) app logs have a web-session record naming \(id): \(found.joined(separator: ", ")); "
                    + "one page session belongs to one app log: give the right one yourself, turbo-replay session \(web) NATIVE")
        }
        native = found[0]
    }

    /// The log folders under `native`, by name.
    private static func logFolders(in native: String) throws -> [String] {
        guard let stream = DirectoryListing.open(native) else {
            throw RecordingError(.unreadable, path: native, line: nil, "cannot list the app logs: \(String(cString: strerror(errno)))")
        }
        defer { closedir(stream) }
        var folders: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.name(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix("."), CollectorFolder.isFolder(native + "/" + name) { folders.append(native + "/" + name) }
        }
        return folders.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Whether the app log in `log` has a `web-session` record naming `id`. Its lines are
    /// looked at as bytes; only a line with both `web-session` and the id in it is parsed.
    private static func names(_ id: String, log: String) throws -> Bool {
        let folder = try CollectorFolder(path: log)
        guard folder.kind == .native else { return false }
        let type = Array("web-session".utf8), wanted = Array(id.utf8)
        var line: [UInt8] = []
        for part in folder.parts {
            let lines = try PartLines(path: folder.path(of: part))
            while try lines.next(into: &line, limit: JSONLines.defaultMaxLineBytes) != nil {
                guard contains(line, type), contains(line, wanted),
                    let value = JSONLineValue(bytes: line, line: lines.lineNumber), case .object(let members) = value.value
                else { continue }
                if members["type"] == .string("web-session"), members["session"] == .string(id) { return true }
            }
        }
        return false
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        var start = 0
        while let found = bytes[start...(bytes.count - needle.count)].firstIndex(of: first) {
            if bytes[found..<(found + needle.count)].elementsEqual(needle) { return true }
            start = found + 1
            if start > bytes.count - needle.count { return false }
        }
        return false
    }
}
