import Foundation
import Testing
import TurboReplayLog
import TurboReplayLogUpload

@testable import TestSupport

/// The uploader over real sockets, with Foundation's `URLSession` (FoundationNetworking here):
/// to script/collector-stub, which checks every hash and stores as the collector does; and, where
/// the repository has it, to the collector itself (`gem/examples/collector.ru` under rackup).
@Suite("LogUploader over sockets")
struct UploadOverSocketsTests {
    /// The gem whose collector the last test runs: the repository's, or the one
    /// `TURBO_REPLAY_COLLECTOR_GEM` names (a checkout of another branch).
    static let gem = ProcessInfo.processInfo.environment["TURBO_REPLAY_COLLECTOR_GEM"] ?? Fixtures.root.appendingPathComponent("gem").path
    static let collectorApp = gem + "/examples/collector.ru"

    /// A server on a free port of 127.0.0.1 storing under `root`; stopped at the end of `body`.
    static func serving<T>(_ command: [String], environment: [String: String] = [:], port: Int, _ body: () async throws -> T) async throws -> T {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = command
        server.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        let end = ProcessEnd(server)
        try server.run()
        defer {
            // SIGKILL: the test runner's threads block SIGTERM, and a child inherits the mask.
            kill(server.processIdentifier, SIGKILL)
            end.wait()
        }
        return try await body()
    }

    /// A port of 127.0.0.1 that was free a moment ago: the one the system gives a socket bound
    /// to port 0 (the server is started on it next).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Two closed files, the second reusing the first's log id with other bytes (two phones that
    /// drew one id, or a file changed after it was closed): the first is stored byte for byte and
    /// deleted; the second gets 409 and is kept.
    static func uploadTwo(base: URL, root: String, token: String?) async throws {
        let path = try Fixtures.scratchDirectory() + "/app.jsonl"
        let log = AppLog(
            path: path, platform: .ios, app: AppVersion(version: "2.3.1", build: "231"), startedAt: 1_796_119_199_000, keep: 4, logIDs: CountingIDs(from: 77))
        log.webSession("tab-1")
        // 3,000 lines of some 760 bytes, 2.2 MB: three parts of at most 1 MiB (a line is a write,
        // and its check that no other process rotated the file, so fewer and longer lines).
        let words = String(repeating: " of a day long enough to need three parts", count: 17)
        for index in 0..<3_000 { log.log(.appScreen(screen: "screen \(index)" + words)) }
        #expect(log.endFile())
        let first = try Data(contentsOf: URL(fileURLWithPath: path + ".1"))
        #expect(first.count > 2 << 20)
        let id = LogID(high: 0, low: 77).text
        let backoff = Backoff(initial: 0.2, multiplier: 1.5, maximum: 1, jitter: 0.5, attempts: 30)
        let uploader = LogUploader(logPath: path, configuration: .init(base: base, token: token, backoff: backoff), transport: URLSessionTransport())
        let events = await uploader.uploadPending()
        #expect(events == [.uploaded(logID: id, path: path + ".1", parts: 3)], "\(events)")
        let folder = root + "/native/" + id
        let stored = try (0..<3).map { try Data(contentsOf: URL(fileURLWithPath: folder + String(format: "/%06d.part", $0))) }
        #expect(stored.reduce(Data(), +) == first && stored.allSatisfy { $0.count <= 1 << 20 && $0.last == 0x0A })
        #expect(!FileManager.default.fileExists(atPath: path + ".1"))
        // Another file under the same id.
        let other = AppLog(path: path + "-other", platform: .ios, startedAt: nil, logIDs: CountingIDs(from: 77))
        other.log(.launch())
        #expect(other.endFile())
        try FileManager.default.moveItem(atPath: path + "-other.1", toPath: path + ".1")
        let again = await uploader.uploadPending()
        #expect(again == [.conflict(logID: id, path: path + ".1", part: 0)], "\(again)")
        #expect(FileManager.default.fileExists(atPath: path + ".1"))
    }

    @Test("to the stand-in collector: a token, a storage that fails at first, three parts stored whole, 409 for other bytes")
    func stub() async throws {
        let root = try Fixtures.scratchDirectory()
        let port = try Self.freePort()
        let stub = Fixtures.root.appendingPathComponent("script/collector-stub").path
        try await Self.serving([Fixtures.python3, stub, "--root", root, "--port", "\(port)", "--token", "t0k", "--fail-first", "2"], port: port) {
            try await Self.uploadTwo(base: URL(string: "http://127.0.0.1:\(port)")!, root: root, token: "t0k")
        }
        let requests = try String(contentsOfFile: root + "/requests.log", encoding: .utf8).split(separator: "\n")
        #expect(requests.prefix(2).allSatisfy { $0.hasSuffix(" 503") } && requests.filter { $0.hasSuffix(" 201") }.count == 3, "\(requests)")
    }

    @Test(
        "to the collector itself (gem/examples/collector.ru under rackup)",
        .enabled(if: FileManager.default.fileExists(atPath: collectorApp) && FileManager.default.isExecutableFile(atPath: "/usr/bin/rackup")))
    func collector() async throws {
        let root = try Fixtures.scratchDirectory()
        let port = try Self.freePort()
        let environment = ["TURBO_REPLAY_COLLECTOR_ROOT": root, "TURBO_REPLAY_COLLECTOR_TOKEN": "t0k"]
        let rackup = ["rackup", "-I", Self.gem + "/lib", "-o", "127.0.0.1", "-p", "\(port)", Self.collectorApp]
        try await Self.serving(rackup, environment: environment, port: port) {
            try await Self.uploadTwo(base: URL(string: "http://127.0.0.1:\(port)/turbo_replay")!, root: root, token: "t0k")
        }
    }
}
