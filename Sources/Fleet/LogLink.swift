import Foundation
import NativeFindings
import TurboRecording

/// What a log says about which logs it belongs with, read without replaying it: a web
/// recording's `meta.session`, an app log's `web-session` records (recording-format.md, field
/// identity). `stats` reads it of every log before it reads any, to pair each page with the
/// app's log that names it wherever both are (`SessionPairing`).
package struct LogLink: Equatable, Sendable {
    /// An app's log (`meta.recording` is `native`).
    package var native: Bool
    /// A web recording's `meta.session`.
    package var session: String?
    /// An app log's `web-session` ids: distinct, in the order first named, at most
    /// `NativeStatsSections.maxWebSessions`.
    package var claims: [String] = []

    package init(native: Bool, session: String? = nil, claims: [String] = []) {
        self.native = native
        self.session = session
        self.claims = claims
    }

    private static let needle = Data(#""web-session""#.utf8)

    /// The link of the log at `path`; `nil` for what is no regular file, cannot be opened or
    /// does not start with a JSON object (the read proper says what is wrong with it). A web
    /// recording is read to its first line; an app's log through, up to a megabyte at a time,
    /// and only its lines that hold `"web-session"` are parsed.
    package static func scan(_ path: String) -> LogLink? {
        guard RecordingFiles.isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var link: LogLink?
        var carry = Data()
        // A web recording is decided by its first line: read a little first, and more only while
        // the first line is not whole or the log is the app's (`stats` scans every log it reads).
        var chunkSize = 1 << 13
        while true {
            let chunk = (try? handle.read(upToCount: chunkSize)) ?? nil
            chunkSize = min(chunkSize * 2, 1 << 20)
            let atEnd = chunk?.isEmpty ?? true
            var data = carry
            if let chunk { data.append(chunk) }
            let end = atEnd ? data.endIndex : (data.lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex)
            var lines = data[data.startIndex..<end]
            carry = Data(data[end...])
            if link == nil, !lines.isEmpty {
                guard let (first, rest) = firstRecord(lines) else {
                    if atEnd { return nil }
                    carry = Data(lines) + carry
                    continue
                }
                guard case .object(let meta)? = JSONValue(parsing: String(decoding: first, as: UTF8.self)) else { return nil }
                let session: String? = if case .string(let id)? = meta["session"], !id.isEmpty { id } else { nil }
                guard meta["type"] == .string("meta"), meta["recording"] == .string("native") else {
                    return LogLink(native: false, session: meta["type"] == .string("meta") ? session : nil)
                }
                link = LogLink(native: true)
                lines = rest
            }
            if link != nil { link!.noteClaims(in: lines) }
            if atEnd { return link }
        }
    }

    /// The first line that is not blank, and what follows it; `nil` when there is none yet.
    private static func firstRecord(_ lines: Data) -> (Data, Data)? {
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            let line = lines[start..<end]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                return (Data(line), Data(lines[min(end + 1, lines.endIndex)...]))
            }
            start = end + 1
        }
        return nil
    }

    /// Each whole line of `lines` that holds `"web-session"`, parsed: a `web-session` record's
    /// session kept.
    private mutating func noteClaims(in lines: Data) {
        var from = lines.startIndex
        while from < lines.endIndex, let hit = lines.range(of: Self.needle, in: from..<lines.endIndex) {
            let start = lines[..<hit.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? lines.startIndex
            let end = lines[hit.upperBound...].firstIndex(of: 0x0A) ?? lines.endIndex
            from = end
            guard case .object(let record)? = JSONValue(parsing: String(decoding: lines[start..<end], as: UTF8.self)),
                record["type"] == .string("web-session"), case .string(let id)? = record["session"], !id.isEmpty,
                !claims.contains(id), claims.count < NativeStatsSections.maxWebSessions
            else { continue }
            claims.append(id)
        }
    }
}
