import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Uploads a log's closed files to the collector and deletes each once every part of it is
/// stored: the files a rotation moved aside (`NAME.1` … `NAME.16`, including those
/// `AppLog.endFile()` closed), never `NAME` itself, which a logger may be writing.
///
/// Each file goes as parts of whole lines (at most 1 MiB), each `PUT
/// <base>/native/<LOGID>/<PART>?parts=<COUNT>` with its SHA-256 and the file's, read in place from
/// the file. A part the collector already holds answers 2xx again, so a pass that was cut short
/// (the app killed, the network lost) is taken up by the next from the file's first part. The
/// uploader works on a task of its own: nothing it does blocks the app's threads.
public final class LogUploader: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Where the collector is mounted: parts go to `<base>/native/…`.
        public var base: URL
        /// Sent as `Authorization: Bearer TOKEN` when the collector has a shared token.
        public var token: String?
        public var backoff: Backoff
        /// Seconds between passes of `start()`.
        public var interval: Double
        public var partLimit: Int

        public init(base: URL, token: String? = nil, backoff: Backoff = Backoff(), interval: Double = 300, partLimit: Int = LogParts.defaultPartLimit) {
            self.base = base
            self.token = token
            self.backoff = backoff
            self.interval = max(interval, 1)
            self.partLimit = max(partLimit, 1)
        }
    }

    private let path: String
    private let configuration: Configuration
    private let transport: any LogUploadTransport
    private let random: @Sendable () -> Double
    private let sleep: @Sendable (Double) async -> Void
    private let events: @Sendable (UploadEvent) -> Void
    private let lock = NSLock()
    /// Log ids the collector answered 409 for: kept on disk, not sent again by this uploader.
    private var conflicts: Set<String> = []
    private var task: Task<Void, Never>?

    /// - Parameters:
    ///   - logPath: the log's path, as given to `AppLog`.
    ///   - transport: how parts travel (a `URLSession` by default).
    ///   - random: draws in [0, 1) for the backoff's jitter.
    ///   - sleep: waits that many seconds (a test's clock records them instead).
    ///   - events: told what each pass did with each file.
    public init(
        logPath: String, configuration: Configuration, transport: any LogUploadTransport = URLSessionTransport(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Double) async -> Void = { try? await Task.sleep(nanoseconds: UInt64($0 * 1e9)) },
        events: @escaping @Sendable (UploadEvent) -> Void = { _ in }
    ) {
        self.path = logPath
        self.configuration = configuration
        self.transport = transport
        self.random = random
        self.sleep = sleep
        self.events = events
    }

    /// Starts passes on a background task: one now, then one every `interval` seconds, until
    /// `stop()`. Returns at once.
    public func start() {
        lock.withLock {
            guard task == nil else { return }
            task = Task.detached(priority: .background) { [self] in
                while !Task.isCancelled {
                    _ = await uploadPending()
                    await sleep(configuration.interval)
                }
            }
        }
    }

    public func stop() {
        lock.withLock {
            task?.cancel()
            task = nil
        }
    }

    /// One pass: every closed file, oldest first, until one cannot be sent now (the network is
    /// down: the rest wait for the next pass as well). What happened to each file.
    @discardableResult
    public func uploadPending() async -> [UploadEvent] {
        var done: [UploadEvent] = []
        for file in closedFiles() {
            let event = await upload(file)
            events(event)
            done.append(event)
            if case .failed = event { break }
        }
        return done
    }

    /// The rotated files there are now, oldest (highest number) first.
    private func closedFiles() -> [String] {
        (1...16).reversed().map { "\(path).\($0)" }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    private func upload(_ file: String) async -> UploadEvent {
        guard let handle = FileHandle(forReadingAtPath: file) else { return .skipped(path: file) }
        defer { try? handle.close() }
        guard let log = try? LogParts(reading: handle, partLimit: configuration.partLimit) else { return .skipped(path: file) }
        if lock.withLock({ conflicts.contains(log.logID) }) { return .conflict(logID: log.logID, path: file, part: -1) }
        for (index, part) in log.parts.enumerated() {
            guard let body = try? read(handle, part) else { return .failed(logID: log.logID, path: file, part: index, status: nil) }
            let upload = request(log, index, part, body)
            let status = await send(upload)
            if status == 409 {
                lock.withLock { _ = conflicts.insert(log.logID) }
                return .conflict(logID: log.logID, path: file, part: index)
            }
            guard let status, (200..<300).contains(status) else { return .failed(logID: log.logID, path: file, part: index, status: status) }
        }
        remove(logID: log.logID)
        return .uploaded(logID: log.logID, path: file, parts: log.parts.count)
    }

    /// Tries one part until it is answered for good: 2xx, 409, or another 4xx that a retry
    /// would not change (408 and 429 are retried). Nil when no try got an answer.
    private func send(_ upload: PartUpload) async -> Int? {
        var last: Int?
        for attempt in 1...configuration.backoff.attempts {
            if attempt > 1 { await sleep(configuration.backoff.delay(afterFailure: attempt - 1, random: random())) }
            if Task.isCancelled { return last }
            last = try? await transport.put(upload)
            if let status = last, status < 500, status != 408, status != 429 { return status }
        }
        return last
    }

    private func request(_ log: LogParts, _ index: Int, _ part: LogParts.Part, _ body: Data) -> PartUpload {
        var url = configuration.base.appendingPathComponent("native").appendingPathComponent(log.logID).appendingPathComponent(String(index))
        url = URL(string: url.absoluteString + "?parts=\(log.parts.count)") ?? url
        var headers = ["X-TurboReplay-SHA256": part.sha256, "X-TurboReplay-File-SHA256": log.sha256, "Content-Type": "application/x-ndjson"]
        if let token = configuration.token { headers["Authorization"] = "Bearer \(token)" }
        return PartUpload(url: url, headers: headers, body: body)
    }

    private func read(_ handle: FileHandle, _ part: LogParts.Part) throws -> Data {
        try handle.seek(toOffset: UInt64(part.offset))
        let data = try handle.read(upToCount: part.length) ?? Data()
        guard data.count == part.length, SHA256.hex(data) == part.sha256 else { throw CocoaError(.fileReadCorruptFile) }
        return data
    }

    /// Deletes the file whose `meta` names `logID`, wherever rotations have moved it by now,
    /// under the log's lock (`NAME.lock`), so that no rotation renames files meanwhile.
    private func remove(logID: String) {
        let lockDescriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if lockDescriptor >= 0 {
            while flock(lockDescriptor, LOCK_EX) != 0, errno == EINTR {}
        }
        defer { if lockDescriptor >= 0 { close(lockDescriptor) } }
        for file in closedFiles() {
            guard let handle = FileHandle(forReadingAtPath: file) else { continue }
            let head = (try? handle.read(upToCount: 4096)).map { [UInt8]($0) } ?? []
            try? handle.close()
            if LogParts.logID(ofFirstLine: head) == logID {
                unlink(file)
                return
            }
        }
    }
}
