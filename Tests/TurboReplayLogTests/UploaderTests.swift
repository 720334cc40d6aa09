import Foundation
import Testing
import TurboReplayLog
import TurboReplayLogUpload

@testable import TestSupport

/// A collector in memory, as the protocol has it: a part already held with the same hash is
/// 2xx again, with another 409; a body whose hash is not its header's 422. `script` answers
/// first, one status (or nil: no answer) per request, before the collector does.
final class FakeCollector: LogUploadTransport, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests: [PartUpload] = []
    private(set) var held: [String: Data] = [:]
    var script: [Int?] = []

    func put(_ upload: PartUpload) async throws -> Int {
        try lock.withLock {
            requests.append(upload)
            if !script.isEmpty {
                let answer = script.removeFirst()
                guard let answer else { throw URLError(.notConnectedToInternet) }
                if answer != 200 { return answer }
            }
            guard SHA256.hex(upload.body) == upload.headers["X-TurboReplay-SHA256"] else { return 422 }
            let key = upload.url.path + "?" + (upload.url.query ?? "")
            if let old = held[key] { return old == upload.body ? 200 : 409 }
            held[key] = upload.body
            return 201
        }
    }

    /// The file the collector would assemble for `logID`: its parts in order.
    func assembled(_ logID: String) -> Data {
        lock.withLock {
            held.filter { $0.key.hasPrefix("/c/native/\(logID)/") }.sorted { part($0.key) < part($1.key) }.reduce(Data()) { $0 + $1.value }
        }
    }

    private func part(_ key: String) -> Int { Int(key.split(separator: "/").last!.split(separator: "?").first!)! }
}

final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: [Double] = []
    var all: [Double] { lock.withLock { seconds } }
    func record(_ wait: Double) { lock.withLock { seconds.append(wait) } }
}

@Suite("LogUploader")
struct UploaderTests {
    static let base = URL(string: "http://collector.example/c")!

    /// A log of `count` lines rotated into `NAME.1` by `endFile()`; its bytes and log id.
    static func closedLog(_ path: String, lines count: Int, ids: CountingIDs = CountingIDs(from: 0xabc)) throws -> (bytes: Data, id: String) {
        let log = AppLog(path: path, platform: .ios, app: AppVersion(version: "2.3.1"), startedAt: nil, clock: SteppedClock([0]), keep: 4, logIDs: ids)
        for index in 0..<count { log.log(.appScreen(screen: "screen number \(index) of the day")) }
        #expect(log.endFile())
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path + ".1"))
        return (bytes, LogID(high: 0, low: 0xabc).text)
    }

    @Test("SHA-256 is the standard's: its vectors, and sha256sum on a file")
    func sha256() throws {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let streamed = SHA256()
        for _ in 0..<1000 { streamed.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(streamed.finish() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let path = try Fixtures.scratchDirectory() + "/bytes"
        let bytes = (0..<70_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let sum = try Fixtures.run(command: "sha256sum", [path])
        #expect(sum.hasPrefix(SHA256.hex(bytes)))
    }

    @Test("parts are whole lines, at most the limit, hashed each and as a file")
    func parts() throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let (bytes, id) = try Self.closedLog(path, lines: 200)
        let handle = try #require(FileHandle(forReadingAtPath: path + ".1"))
        let log = try #require(try LogParts(reading: handle, partLimit: 1000))
        #expect(log.logID == id && log.size == bytes.count && log.sha256 == SHA256.hex(bytes))
        #expect(log.parts.count > 5)
        var offset = 0
        for part in log.parts {
            let body = bytes[offset..<(offset + part.length)]
            #expect(part.offset == offset && part.length <= 1000 && body.last == 0x0A && SHA256.hex(body) == part.sha256)
            offset += part.length
        }
        #expect(offset == bytes.count)
    }

    @Test("the file being written, or one cut mid-line, is no closed log: never sent")
    func notClosed() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(path: path, platform: .ios, startedAt: nil, clock: SteppedClock([0]))
        log.log(.launch())
        let cut = #"{"type":"meta","version":1,"recording":"native","platform":"ios","session":"0123456789abcdef0123456789abcdef"}"# + "\n{\"t\":1"
        try cut.write(toFile: path + ".1", atomically: false, encoding: .utf8)
        let collector = FakeCollector()
        let uploader = LogUploader(logPath: path, configuration: .init(base: Self.base), transport: collector)
        let events = await uploader.uploadPending()
        #expect(events == [.skipped(path: path + ".1")] && collector.requests.isEmpty)
        #expect(FileManager.default.fileExists(atPath: path) && FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test("every part is PUT with its hashes, the count and the token; the file is deleted after the last 2xx, and the collector has it byte for byte")
    func uploads() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let (bytes, id) = try Self.closedLog(path, lines: 100)
        let collector = FakeCollector()
        let uploader = LogUploader(logPath: path, configuration: .init(base: Self.base, token: "s3cret", partLimit: 2000), transport: collector)
        let events = await uploader.uploadPending()
        let count = collector.requests.count
        #expect(count > 2 && events == [.uploaded(logID: id, path: path + ".1", parts: count)])
        for (index, request) in collector.requests.enumerated() {
            #expect(request.url.absoluteString == "http://collector.example/c/native/\(id)/\(index)?parts=\(count)")
            #expect(request.headers["X-TurboReplay-File-SHA256"] == SHA256.hex(bytes) && request.headers["Authorization"] == "Bearer s3cret")
        }
        #expect(collector.assembled(id) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + ".1") && FileManager.default.fileExists(atPath: path))
    }

    @Test("5xx, 408, 429 and no answer are retried after waits that grow, with jitter; a part answered at last goes on")
    func retries() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        _ = try Self.closedLog(path, lines: 3)
        let collector = FakeCollector()
        collector.script = [503, nil, 408, 429, 500]
        let waits = Waits()
        let backoff = Backoff(initial: 2, multiplier: 3, maximum: 30, jitter: 0.5, attempts: 6)
        let uploader = LogUploader(
            logPath: path, configuration: .init(base: Self.base, backoff: backoff), transport: collector, random: { 0.5 }, sleep: { waits.record($0) })
        let events = await uploader.uploadPending()
        #expect(events.count == 1 && { if case .uploaded = events[0] { true } else { false } }())
        // 2, 6, 18, 30 (capped), 30, each × (1 − 0.5 × 0.5).
        #expect(waits.all == [1.5, 4.5, 13.5, 22.5, 22.5])
        #expect(collector.requests.count == 6)
    }

    @Test("a part that fails every try keeps the file, and the pass stops there; the next pass takes it up and deletes it")
    func partialFailureThenResume() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let (bytes, id) = try Self.closedLog(path, lines: 100)
        let collector = FakeCollector()
        // Part 0 goes; part 1 fails all three tries.
        collector.script = [200, 503, 503, 503]
        let configuration = LogUploader.Configuration(base: Self.base, backoff: Backoff(attempts: 3), partLimit: 2000)
        let first = LogUploader(logPath: path, configuration: configuration, transport: collector, sleep: { _ in })
        #expect(await first.uploadPending() == [.failed(logID: id, path: path + ".1", part: 1, status: 503)])
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
        // A process killed mid-upload: the next one (another uploader) starts over; the part the
        // collector holds is 2xx again.
        let second = LogUploader(logPath: path, configuration: configuration, transport: collector, sleep: { _ in })
        let events = await second.uploadPending()
        #expect(events.count == 1 && { if case .uploaded = events[0] { true } else { false } }())
        #expect(collector.assembled(id) == bytes && !FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test("409: the collector holds other bytes; the file is kept, reported, and not sent again")
    func conflict() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let (_, id) = try Self.closedLog(path, lines: 100)
        let collector = FakeCollector()
        collector.script = [200, 409]
        let reported = Waits()
        let uploader = LogUploader(
            logPath: path, configuration: .init(base: Self.base, partLimit: 2000), transport: collector, sleep: { _ in },
            events: { if case .conflict(_, _, let part) = $0 { reported.record(Double(part)) } })
        #expect(await uploader.uploadPending() == [.conflict(logID: id, path: path + ".1", part: 1)])
        #expect(await uploader.uploadPending() == [.conflict(logID: id, path: path + ".1", part: -1)])
        #expect(collector.requests.count == 2 && reported.all == [1, -1])
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test("files rotated further while a pass reads them are still the same files: every one is sent once and deleted")
    func severalFiles() async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let ids = CountingIDs(from: 1)
        let log = AppLog(path: path, platform: .android, startedAt: nil, clock: SteppedClock([0]), keep: 8, logIDs: ids)
        for round in 0..<3 {
            log.log(.appScreen(screen: "round \(round)"))
            #expect(log.endFile())
        }
        log.log(.launch())
        let collector = FakeCollector()
        let events = await LogUploader(logPath: path, configuration: .init(base: Self.base), transport: collector).uploadPending()
        #expect(events.map { if case .uploaded(let id, _, _) = $0 { id } else { "" } } == (1...3).map { LogID(high: 0, low: UInt64($0)).text })
        #expect((1...3).allSatisfy { !FileManager.default.fileExists(atPath: "\(path).\($0)") })
        #expect(try lines(path).first?.contains(LogID(high: 0, low: 4).text) == true)
    }
}
