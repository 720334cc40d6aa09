import NativeErrorPolicy
import PolicyCore

/// A capture waiting for its URL to stay put: the URL as recorded, when the `url-change` came,
/// and its timer.
public struct PendingCapture: Equatable, Sendable {
    public let url: String
    public let since: Double
    public let timer: DueTimer

    public var due: Double { timer.due }
}

/// The web-archive cache of archive-cache-policy.md as a value: which pages are archived and
/// since when, and the one capture that may be pending, with transitions as pure functions of
/// (state, input, time). Nothing here reads a clock or touches a disk: the capture timer is a
/// due time that fires when the caller moves time past it, and each decision says what the
/// shell should do.
///
///     var cache = ArchiveCache()
///     cache.send(.finish(url: "https://app.example.com/courses/1"), at: 1200)
///                                     // [capture https://app.example.com/courses/1 via finish]
///     cache.send(.presented(error: .web(.code(-1009)), url: "https://app.example.com/courses/1?mobile_offline=1"), at: 9000)
///                                     // [served, key https://app.example.com/courses/1, ageMs 7800]
///
/// In an iOS shell: send `.finish` from `webView(_:didFinish:)` and `.urlChange` from a KVO
/// observer of `webView.url`; after each `send`, schedule one wake-up at `nextDue` that calls
/// `advance(to:)`; on a `capture`, call `createWebArchiveData()` and write the file under its
/// key; on a failed visit, send `.presented` before showing anything, and on `served` load the
/// archive instead of the error view, on `miss` show the toast and go back.
public struct ArchiveCache: TimedPolicy, Equatable, Sendable {
    public private(set) var settings: ArchiveSettings
    /// Archived pages: key → the time it was captured. At most `settings.maxArchives`: a
    /// capture past that evicts the least recently captured page. A key longer than
    /// `archiveKeyKeptBytes` is held by its identity (`archiveKeyIdentity`: a prefix, its length
    /// and hashes), so each archive costs bounded memory whatever its URL's length.
    public var archives: [String: Double] {
        Dictionary(held.map { ($0.key.text, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
    /// How many archives the cache holds.
    public var archiveCount: Int { held.count }
    /// The archives by their keys' bytes: a URL spelled with e + U+0301 is not the archive of
    /// the one spelled with é, however Swift's `String ==` sees them (`ByteString`).
    private var held: [ByteString: Double] = [:]
    /// The captures in the order they were made, oldest first from `oldest`: each key with its
    /// capture's number, which `numbers` holds for the key's latest capture only. An entry whose
    /// number is not its key's latest (recaptured, removed, evicted) is skipped, and the list is
    /// compacted once such entries outnumber the live ones, so it stays within twice the bound.
    private var captureOrder: [(key: String, number: UInt64)] = []
    private var oldest = 0
    private var numbers: [ByteString: UInt64] = [:]
    private var captures: UInt64 = 0
    /// At most one capture waits for its debounce.
    public private(set) var pending: PendingCapture?
    private var timers = TimerSequence()
    private var clock = VirtualClock()

    public init(settings: ArchiveSettings = ArchiveSettings()) {
        self.settings = settings
    }

    /// A cache that starts with archives already on disk (key → capture time), as an app's
    /// does when it launches: the files outlive the process, the pending capture does not.
    public init(settings: ArchiveSettings = ArchiveSettings(), archives: [String: Double]) {
        self.settings = settings
        // Oldest first, as they were captured; past the bound, the oldest are evicted as a
        // capture would have evicted them.
        for (key, t) in archives.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            hold(archiveKeyIdentity(key), capturedAt: t)
        }
    }

    public static func == (a: ArchiveCache, b: ArchiveCache) -> Bool {
        a.settings == b.settings && a.held == b.held && a.pending == b.pending && a.timers == b.timers
            && a.clock == b.clock && a.evictionOrder == b.evictionOrder
    }

    /// The bytes of the keys held (each by its identity, in the archives and the capture
    /// order): what the byte bound is about, at most about `archiveKeyKeptBytes + 100` a page.
    package var heldKeyBytes: Int {
        held.keys.reduce(0) { $0 + $1.text.utf8.count } + captureOrder[oldest...].reduce(0) { $0 + $1.key.utf8.count }
    }

    /// Entries in the capture-order list, live or not: what the bound on memory is about.
    package var orderEntries: Int { captureOrder.count - oldest }

    /// The keys held, least recently captured (the next to be evicted) first.
    public var evictionOrder: [String] {
        captureOrder[oldest...].filter { numbers[ByteString($0.key)] == $0.number }.map(\.key)
    }

    /// When the page at `url` was captured, if the cache holds it.
    public func capturedAt(_ url: String) -> Double? {
        held[ByteString(archiveKeyIdentity(settings.key(url)))]
    }

    public var now: Double { clock.now }

    public var nextDue: Double? { pending?.due }

    /// The timeline of a whole recording: every input in order, then `finish()`.
    public static func timeline<S: Sequence>(
        of records: S, settings: ArchiveSettings = ArchiveSettings()
    ) -> [ArchiveDecision] where S.Element == (t: Double, input: ArchiveInput) {
        ArchiveCache(settings: settings).timeline(of: records)
    }

    /// Fires the capture timer if it is due at or before `t`, then handles `input` at `t`.
    public mutating func send(_ input: ArchiveInput, at t: Double, into output: inout [ArchiveDecision]) {
        advance(to: t, into: &output)
        switch input {
        case .finish(let url):
            if isCapturable(url) { capture(url, at: t, via: .finish, into: &output) }
        case .urlChange(let url):
            // A newer URL supersedes the pending one: only a URL that stays put is captured.
            pending = PendingCapture(url: url, since: t, timer: timers.start(dueAt: t + settings.debounce))
        case .launch:
            // The timer lived in the process that is gone; the archives are files and stay.
            pending = nil
        case .cacheClear:
            held.removeAll()
            numbers.removeAll()
            captureOrder.removeAll()
            oldest = 0
        case .cacheRemove(let url):
            let key = settings.key(url)
            let identity = ByteString(archiveKeyIdentity(key))
            held[identity] = nil
            numbers[identity] = nil
        case .presented(let error, let url):
            guard let url, case .web(let failure) = error else { return }
            let key = settings.key(url)
            if failure == .code(-1009) {
                // Only "not connected" is intercepted: the shell knows for sure there is no network,
                // where a timeout or a lost connection might still recover with a retry.
                if let capturedAt = held[ByteString(archiveKeyIdentity(key))] {
                    output.append(ArchiveDecision(t: t, outcome: .served(url: url, key: key, ageMs: t - capturedAt)))
                } else {
                    output.append(ArchiveDecision(t: t, outcome: .miss(url: url, toast: ArchiveDecision.missToast(url))))
                }
            } else if OfflineErrorPolicy.classify(error, on: .ios, offlineCodes: settings.offlineCodes) == .offline {
                // Any other failure the error view calls offline, under the same code lists.
                output.append(ArchiveDecision(t: t, outcome: .passed(url: url, failure: failure, cached: held[ByteString(archiveKeyIdentity(key))] != nil)))
            }
        }
    }

    /// Fires the capture timer if it is due at or before `t`; its capture carries its due time.
    public mutating func advance(to t: Double, into output: inout [ArchiveDecision]) {
        if let due = pending, due.due <= t { fire(due, into: &output) }
        clock.move(to: t)
    }

    /// The end of the recording: a pending capture fires.
    public mutating func finish(into output: inout [ArchiveDecision]) {
        if let due = pending {
            clock.move(to: due.due)
            fire(due, into: &output)
        }
    }

    private mutating func fire(_ capture: PendingCapture, into output: inout [ArchiveDecision]) {
        pending = nil
        if isCapturable(capture.url) { self.capture(capture.url, at: capture.due, via: .urlChange, into: &output) }
    }

    private mutating func capture(_ url: String, at t: Double, via: CaptureTrigger, into output: inout [ArchiveDecision]) {
        let key = settings.key(url)
        hold(archiveKeyIdentity(key), capturedAt: t)
        output.append(ArchiveDecision(t: t, outcome: .capture(key: key, via: via)))
    }

    /// Stores a capture as the most recent one, evicting the least recently captured archives
    /// past `settings.maxArchives`.
    private mutating func hold(_ key: String, capturedAt t: Double) {
        captures += 1
        held[ByteString(key)] = t
        numbers[ByteString(key)] = captures
        captureOrder.append((key, captures))
        while held.count > settings.maxArchives, oldest < captureOrder.count {
            let entry = captureOrder[oldest]
            oldest += 1
            if numbers[ByteString(entry.key)] == entry.number {
                held[ByteString(entry.key)] = nil
                numbers[ByteString(entry.key)] = nil
            }
        }
        if captureOrder.count - oldest > 2 * held.count + 16 || oldest > captureOrder.count / 2 + 16 {
            captureOrder = captureOrder[oldest...].filter { numbers[ByteString($0.key)] == $0.number }
            oldest = 0
        }
    }
}
