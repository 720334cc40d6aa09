import NativeErrorPolicy
import PolicyCore
import Testing

@testable import Replay
@testable import TestSupport

/// Under `probe-once` the policy remembers each surface whose probe retried since the last edge.
/// Past a bound a replay holds them on disk (`ProbedSpill`), gives one back just before a view
/// is presented on its surface and lets them all go at an edge or a launch: the decisions are
/// the same, and what the policy holds stays bounded on a log of ever new surfaces.
@Suite("Surfaces probed since the last edge, past the bound on disk")
struct ProbedSpillTests {
    static let settings: PolicySettings = {
        var settings = PolicySettings(platform: .ios)
        settings.variants = [.probeOnce]
        return settings
    }()

    /// Replays `inputs` with a spill that holds `inMemory` surfaces in the policy (nil: none):
    /// every decision, and the most surfaces the policy held at once.
    static func replay(_ inputs: [(t: Double, input: PolicyInput)], inMemory: Int?) -> (decisions: [Decision], most: Int, onDisk: Int) {
        var policy = RetryPolicy(settings: settings)
        var spill = inMemory.map { ProbedSpill(inMemory: $0) }
        var decisions: [Decision] = []
        var most = 0, onDisk = 0
        for (t, input) in inputs {
            spill?.before(input, &policy)
            policy.advance(to: t, into: &decisions)
            policy.feed(input, at: t, into: &decisions)
            spill?.after(&policy)
            most = max(most, policy.probedCount)
            onDisk = max(onDisk, spill?.onDisk ?? 0)
        }
        policy.finish(into: &decisions)
        return (decisions, most, onDisk)
    }

    /// bench/shapes.py's surfaces-probed: each new surface's offline view, on a path that stays
    /// up, retried by its probe, then dismissed; no edge.
    static func surfacesProbed(_ n: Int) -> [(t: Double, input: PolicyInput)] {
        [(0, .path(online: true))]
            + (1...n).flatMap { i -> [(t: Double, input: PolicyInput)] in
                let t = Double(i * 3200)
                return [(t, .presented(surface: "s\(i)", error: .web(.code(-1009)))), (t + 2700, .dismissed(surface: "s\(i)"))]
            }
    }

    @Test("what the policy holds is the same at 10·N surfaces as at N, and bounded")
    func flat() {
        let small = Self.replay(Self.surfacesProbed(300), inMemory: 16), large = Self.replay(Self.surfacesProbed(3000), inMemory: 16)
        #expect(large.most <= small.most && small.most <= 17, "\(small.most) held at 300 surfaces, \(large.most) at 3000")
        #expect(large.onDisk > 2900)
        // Without the spill the policy keeps every surface: what the bound takes away.
        #expect(Self.replay(Self.surfacesProbed(3000), inMemory: nil).most == 3000)
    }

    /// Random logs of views presented and dismissed on surfaces that come back, on a path that
    /// flaps now and then, with launches: a surface held on disk must still keep its view from
    /// arming the probe (`"probe":false`), and be forgotten at an edge or a launch.
    @Test("the same decisions with the surfaces on disk as in the policy", arguments: 0..<16)
    func sameDecisions(seed: Int) {
        var generator = SeededRandom(seed: UInt64(seed) &+ 909)
        let surfaces = (0..<24).map { "s\($0)" } + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
        var inputs: [(t: Double, input: PolicyInput)] = [(0, .path(online: true))]
        var t = 0.0
        for _ in 0..<900 {
            t += Double(generator.int(in: 0...2000))
            let surface = generator.pick(surfaces)
            let roll = generator.int(in: 0..<40)
            let input: PolicyInput
            switch roll {
            case 0: input = .launch
            case 1..<3: input = .path(online: generator.bool())
            case 3..<20: input = .presented(surface: surface, error: .web(.code(-1009)))
            case 20..<36: input = .dismissed(surface: surface)
            default: input = .tapRetry(surface: surface)
            }
            inputs.append((t, input))
        }
        let spilled = Self.replay(inputs, inMemory: 2), whole = Self.replay(inputs, inMemory: nil)
        #expect(spilled.decisions == whole.decisions)
        #expect(spilled.onDisk > 0)
        #expect(whole.decisions.contains { $0.probe == false })
    }
}
