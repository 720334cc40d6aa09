import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One log as a collector stored it (docs/app-session.md, "A collector's folder"): a folder of
/// parts that read as one log. A page's recording is `web/<ID>/`, its batches as
/// `<first seq, 12 digits>.jsonl`, each a run of lines whose seq is the part's first plus the
/// line's index; an app's log is `native/<LOGID>/`, its closed file in parts
/// `<index, 6 digits>.part` cut at line ends, with `manifest.json` (`parts`, `sha256`).
///
/// What is here comes from the names alone, which are cheap to list: the parts in the order
/// they are read, and the seq or index of each. Their lines are read by `CollectorSource`.
public struct CollectorFolder: Sendable {
    public enum Kind: Sendable { case web, native }

    /// One part file: its seq (web) or index (native), from which its name is made again
    /// (`path(of:)`): a session of a hundred thousand batches is held as that many numbers.
    public struct Part: Sendable, Equatable {
        public var number: Int
    }

    public let path: String
    public let kind: Kind
    /// The parts, by seq or index.
    public let parts: [Part]
    /// A native log's part count, as its manifest says; `nil` for a web log, or a native folder
    /// with no manifest (then the parts after the last one held are not known to be missing).
    public let manifestParts: Int?

    /// Whether `path` is a directory (a log given as a folder).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return withFileSystemPath(path, { stat($0, &status) }) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether the folder at `path` is one log of a collector's, as a fleet's listing takes it:
    /// in a folder named `web` or `native`, holding that kind's parts and nothing else but
    /// hidden names (so a folder of recordings that happens to sit in `web/` is walked as ever).
    public static func isLog(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "web" || parts[parts.count - 2] == "native" else { return false }
        let web = parts[parts.count - 2] == "web"
        var held = 0
        do {
            try forEachName(in: path) { name in
                if web ? number(name, digits: 12, suffix: ".jsonl") != nil : number(name, digits: 6, suffix: ".part") != nil {
                    held += 1
                } else if web || name != "manifest.json" {
                    throw RecordingError(.malformed, path: name, line: nil, "")
                }
            }
        } catch {
            return false
        }
        return held > 0
    }

    /// Lists the folder at `path`: 66 when it cannot be listed or holds no part, 65 when it holds
    /// both kinds of part, or a manifest that is not one or that disagrees with the parts.
    public init(path: String) throws {
        let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        self.path = folder
        var web: [Part] = []
        var native: [Part] = []
        var hasManifest = false
        try Self.forEachName(in: folder) { name in
            if let seq = Self.number(name, digits: 12, suffix: ".jsonl") {
                web.append(Part(number: seq))
            } else if let index = Self.number(name, digits: 6, suffix: ".part") {
                native.append(Part(number: index))
            } else if name == "manifest.json" {
                hasManifest = true
            }
        }
        if !web.isEmpty && (!native.isEmpty || hasManifest) {
            throw RecordingError(
                .malformed, path: folder, line: nil,
                "holds both a page's batches (NNNNNNNNNNNN.jsonl) and an app's log parts (NNNNNN.part, manifest.json): "
                    + "a collector's folder is one log, web/<ID>/ or native/<LOGID>/")
        }
        if web.isEmpty && native.isEmpty {
            throw RecordingError(
                .unreadable, path: folder, line: nil,
                "a folder with no log in it: a collector's folder holds a page's batches (web/<ID>/000000000001.jsonl, …) "
                    + "or an app's log parts (native/<LOGID>/000000.part, …); give a log file, or such a folder")
        }
        kind = web.isEmpty ? .native : .web
        parts = (web.isEmpty ? native : web).sorted { $0.number < $1.number }
        manifestParts = hasManifest ? try Self.manifestParts(folder + "/manifest.json") : nil
        try checkNumbers()
    }

    /// Seq numbers start at 1 (the `meta` line); a manifest's count covers every part held.
    private func checkNumbers() throws {
        if kind == .web, let first = parts.first, first.number < 1 {
            throw RecordingError(.malformed, path: path(of: first), line: nil, "a batch at seq 0: a page's lines are numbered from 1 (its meta)")
        }
        if let count = manifestParts, let last = parts.last, last.number >= count {
            throw RecordingError(
                .malformed, path: path(of: last), line: nil,
                "part \(last.number) of a log whose manifest.json says \"parts\":\(count) (parts 0 to \(count - 1)): "
                    + "the folder mixes two uploads of different files under one log id")
        }
    }

    /// The part's file: its number with the kind's digits and suffix.
    public func path(of part: Part) -> String {
        let digits = String(part.number)
        let width = kind == .web ? 12 : 6
        return path + "/" + String(repeating: "0", count: max(0, width - digits.count)) + digits + (kind == .web ? ".jsonl" : ".part")
    }

    /// The gaps the names alone show: a native log's missing parts (web gaps need the parts'
    /// line counts, and are found as they are read).
    public var missingParts: [ClosedRange<Int>] {
        guard kind == .native else { return [] }
        var missing: [ClosedRange<Int>] = []
        var next = 0
        for part in parts {
            if part.number > next { missing.append(next...(part.number - 1)) }
            next = part.number + 1
        }
        if let count = manifestParts, count > next { missing.append(next...(count - 1)) }
        return missing
    }

    /// Every hole of the log (`log-gap`), for a caller that read it through another reader: a
    /// native log's from the names; a page's from its parts' lines, read once more as bytes
    /// (counted and compared, not parsed).
    public func gaps(maxLineBytes: Int = JSONLines.defaultMaxLineBytes) throws -> [LogGap] {
        let source = CollectorSource(folder: self, maxLineBytes: maxLineBytes)
        guard kind == .web else { return source.gaps }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        while try source.read(into: buffer) > 0 {}
        return source.gaps
    }

    /// A name of exactly `digits` decimal digits and `suffix`: the number; anything else `nil`.
    static func number(_ name: String, digits: Int, suffix: String) -> Int? {
        let bytes = Array(name.utf8)
        guard bytes.count == digits + suffix.utf8.count, name.hasSuffix(suffix) else { return nil }
        var value = 0
        for byte in bytes.prefix(digits) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func forEachName(in folder: String, _ body: (String) throws -> Void) throws {
        guard let stream = DirectoryListing.open(folder) else {
            throw RecordingError(.unreadable, path: folder, line: nil, "cannot list the folder: \(String(cString: strerror(errno)))")
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.name(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix(".") { try body(name) }
        }
    }

    /// The manifest's `parts`: a positive integer, with a `sha256` string beside it.
    private static func manifestParts(_ path: String) throws -> Int {
        let object = try parseJSONDocument(path: path)
        defer { json_object_put(object) }
        let fail = { (why: String) in
            RecordingError(.malformed, path: path, line: nil, #"\#(why): a manifest is {"parts":COUNT,"sha256":"<hex of the whole file>"}"#)
        }
        guard json_object_get_type(object) == json_type_object else { throw fail("not a JSON object") }
        guard let count = Field(object, "parts").integer, count >= 1 else { throw fail(#""parts" must be an integer of at least 1"#) }
        guard Field(object, "sha256").string != nil else { throw fail(#""sha256" must be a string"#) }
        return count
    }
}
