import Foundation
import Testing

@testable import TestSupport

/// `tune`'s two sides of the trade-off (unannouncedMs, blinks, flashes) on recordings it has
/// never seen, held to e2e/tune_model.py: the same figures computed from their definitions
/// alone, over the banner of e2e/banner_model.py, never from the port.
@Suite("tune against e2e/tune_model.py")
struct TuneModelTests {
    /// Seeded recordings, written as files of a fresh directory.
    static func heldOut(seed: UInt64, count: Int) throws -> String {
        let directory = try Fixtures.scratchDirectory()
        var generator = RecordingGenerator(seed: seed)
        for index in 0..<count {
            let records = generator.random.int(in: 20...160)
            let lines = generator.recording(records: records)
            try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/generated-\(index).jsonl", atomically: false, encoding: .utf8)
        }
        return directory
    }

    static func rows(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test(
        "every row's unannouncedMs, blinks and flashes are the model's",
        arguments: [
            (UInt64(7), ["--debounce-ms", "0,300,800,1500", "--flash-ms", "500,2000"]),
            (UInt64(2026), ["--debounce-ms", "100,500,816.036,2000", "--blink-ms", "300"]),
            (UInt64(31337), ["--debounce-ms", "300,1200", "--flash-ms", "2000", "--blink-ms", "2500"]),
        ])
    func matchesTheModel(seed: UInt64, options: [String]) throws {
        let directory = try Self.heldOut(seed: seed, count: 60)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = options + ["--variant", "recover-on-response"]
        let tune = try turboReplay(["tune", "--format", "jsonl"] + options + [directory])
        #expect(tune.status == 0, "\(tune.stderr)")
        let model = try Fixtures.run(command: Fixtures.python3, ["e2e/tune_model.py"] + options + [directory])
        let (got, want) = (try Self.rows(tune.stdout), try Self.rows(model))
        #expect(got.count == want.count && !got.isEmpty)
        var busy = (unannounced: 0.0, blinks: 0, flashes: 0)
        for (row, expected) in zip(got, want) {
            let name = "seed \(seed), \(expected["variant"] as? String ?? "v1") at debounce \(expected["debounceMs"]!), flash \(expected["flashMs"]!)"
            #expect(row["debounceMs"] as? Double == expected["debounceMs"] as? Double, "\(name)")
            #expect(row["flashMs"] as? Double == expected["flashMs"] as? Double, "\(name)")
            #expect((row["variant"] as? String) == (expected["variant"] as? String), "\(name)")
            #expect(row["sessions"] as? Int == expected["sessions"] as? Int, "\(name)")
            let (u, mu) = (try #require(row["unannouncedMs"] as? Double), try #require(expected["unannouncedMs"] as? Double))
            #expect(abs(u - mu) <= 0.001, "\(name): unannouncedMs \(u), the model says \(mu)")
            #expect(row["blinks"] as? Int == expected["blinks"] as? Int, "\(name): blinks")
            #expect(row["flashes"] as? Int == expected["flashes"] as? Int, "\(name): flashes")
            busy.unannounced += u
            busy.blinks += row["blinks"] as? Int ?? 0
            busy.flashes += row["flashes"] as? Int ?? 0
        }
        // A comparison of zeros would prove nothing: the recordings must exercise all three.
        #expect(busy.unannounced > 0 && busy.blinks > 0 && busy.flashes > 0)
    }

    @Test("the bundled recordings too, at the debounces docs/variants.md shows")
    func bundled() throws {
        let options = ["--debounce-ms", "300,500,800,1200,2000", "--variant", "recover-on-response"]
        let tune = try turboReplay(["tune", "--format", "jsonl"] + options + ["recordings"])
        let model = try Fixtures.run(command: Fixtures.python3, ["e2e/tune_model.py"] + options + ["recordings"])
        let (got, want) = (try Self.rows(tune.stdout), try Self.rows(model))
        #expect(got.count == 10 && want.count == 10)
        for (row, expected) in zip(got, want) {
            #expect(abs((row["unannouncedMs"] as? Double ?? -1) - (expected["unannouncedMs"] as? Double ?? -2)) <= 0.001)
            #expect(row["blinks"] as? Int == expected["blinks"] as? Int && row["flashes"] as? Int == expected["flashes"] as? Int)
        }
    }
}
