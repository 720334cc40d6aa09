import AppSession
import PolicyCore
import TurboRecording

/// Do the two logs belong together? (app-session.md v1.2.) What each says of its identity
/// (recording-format.md, field identity) is gathered as it is read, and checked with the two
/// spans once both are read, before anything of the session is reported: two logs of
/// different runs, or clocks so far apart that they do not meet, give a timeline that is
/// wrong everywhere and looks fine, so the session refuses them (65), naming both files.
struct SessionPairCheck {
    let webPath: String
    let nativePath: String
    private var webMeta: (line: Int, session: String?, app: AppRelease?)?
    private var nativeMeta: (line: Int, app: AppRelease?)?
    /// The distinct sessions the native log's `web-session` records name, first few kept
    /// (with their line), and whether one named the web recording's session.
    private var claims: [(line: Int, session: String)] = []
    private var claimCount = 0
    private var claimsPastKept = false
    /// A claim neither kept nor compared (read before the web recording's `meta`, past the kept).
    private var claimUnchecked = false
    private var matched = false
    static let keptClaims = 16

    init(webPath: String, nativePath: String) {
        self.webPath = webPath
        self.nativePath = nativePath
    }

    /// The web recording's first `meta`.
    mutating func web(_ record: Record) {
        guard webMeta == nil, case .meta(let meta) = record.event else { return }
        webMeta = (record.line, meta.session, meta.app)
        if let session = meta.session, claims.contains(where: { $0.session == session }) { matched = true }
    }

    /// Each native record: its `meta`, and its `web-session` records.
    mutating func native(_ record: NativeRecord) {
        switch record.event {
        case .meta(let meta):
            nativeMeta = (record.line, meta.app)
        case .timed(_, .webSession(let session)):
            claimCount += 1
            if let web = webMeta?.session, web == session { matched = true }
            if !claims.contains(where: { $0.session == session }) {
                if claims.count < Self.keptClaims {
                    claims.append((record.line, session))
                } else {
                    claimsPastKept = true
                    if webMeta == nil { claimUnchecked = true }
                }
            }
        case .timed:
            break
        }
    }

    /// The identity check, then the overlap; both logs read, Δ known.
    func check(web: LogSpan?, native: LogSpan?, offset: Double) throws {
        try checkIdentity()
        try checkOverlap(web: web, native: native, offset: offset)
    }

    private func checkIdentity() throws {
        if let web = webMeta?.session, claimCount > 0, !matched, !claimUnchecked {
            let named = claims.map { "\"\($0.session)\" (line \($0.line))" }.joined(separator: ", ")
            let more = claimsPastKept ? " and others" : ""
            throw RecordingError(
                .malformed, path: webPath, line: webMeta?.line,
                #"not one app session with \#(nativePath): this recording's "meta" has "session":"\#(web)", and the native log's "web-session" records name \#(named)\#(more), never it: two logs of different runs (app-session.md: identity)"#
            )
        }
        if let web = webMeta?.app, let native = nativeMeta?.app, web != native {
            throw RecordingError(
                .malformed, path: webPath, line: webMeta?.line,
                #"not one app session with \#(nativePath): this recording's "meta" says the app is \#(web) ("app"), the native log's "meta" (line \#(nativeMeta!.line)) says \#(native): two logs of different releases"#
            )
        }
    }

    private func checkOverlap(web: LogSpan?, native: LogSpan?, offset: Double) throws {
        guard let web else {
            throw RecordingError(
                .malformed, path: webPath, line: nil, "the web recording has no timed record: nothing of it can be read with \(nativePath) on one clock")
        }
        guard let native else {
            throw RecordingError(
                .malformed, path: nativePath, line: nil, "the native log has no timed record: nothing of it can be read with \(webPath) on one clock")
        }
        let moved = native.moved(by: offset)
        guard let miss = web.miss(moved) else { return }
        let ms = formatMilliseconds
        let order = moved.last < web.first ? "ends \(ms(miss)) ms before the page's begins" : "begins \(ms(miss)) ms after the page's ends"
        throw RecordingError(
            .malformed, path: webPath, line: nil,
            "does not overlap \(nativePath) on one clock: the page's recording runs from \(ms(web.first)) to \(ms(web.last)) ms, the app's log from \(ms(moved.first)) to \(ms(moved.last)) ms (its t \(offset < 0 ? "−" : "+") \(ms(abs(offset))) ms); the app's log \(order) (\(Self.words(miss))). The two clocks are that far apart, or the logs are of different runs: give the offset (--offset-ms) if you know it"
        )
    }

    /// `2 min 50 s`, `120 h 33 min`, `1.2 s`: a gap in words.
    static func words(_ ms: Double) -> String {
        let seconds = Int((ms / 1000).rounded())
        if seconds < 60 { return "\(formatMilliseconds((ms / 100).rounded() / 10)) s" }
        let (hours, minutes) = (seconds / 3600, seconds % 3600 / 60)
        if hours > 0 { return minutes == 0 ? "\(hours) h" : "\(hours) h \(minutes) min" }
        return seconds % 60 == 0 ? "\(minutes) min" : "\(minutes) min \(seconds % 60) s"
    }
}
