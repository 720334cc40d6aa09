import NativeErrorPolicy
import Replay
import Testing
import TurboRecording

@testable import TestSupport

/// native-error-policy.md v2.1 said again as plainly as it can be, apart from the port: every
/// view a list in presentation order, every pending timer a small record on its view, the
/// next one to fire found by looking at all of them. Slow and obvious on purpose.
private struct PlainV2 {
    let platform: Platform
    let settle: Double
    let probe: Double
    let cooldown: Double?
    /// A replacement for the platform's list of offline web codes, when the config sets one.
    let codes: [Int]?
    let probeOnce: Bool

    enum Kind { case settle, probe, wait }
    struct Pending { var kind: Kind; var due: Double; var started: Int; var trigger: RetryTrigger }
    struct View { var surface: String; var offline: Bool; var line: Int; var pending: [Pending] = [] }

    var views: [View] = []
    var online = false
    var lastAutomatic: Double?
    var started = 0
    var probedSinceEdge: Set<String> = []
    var out: [Decision] = []
    /// Launches that found views on screen: what the coverage test asks the generator to reach.
    var launchesOverViews = 0
    // The probe-loop finding, said as plainly: per surface, the probe retries since the last edge.
    var runs: [String: [(t: Double, line: Int)]] = [:]
    var loops: [(key: (Double, Int), loop: ProbeLoop)] = []
    var secondRetries = 0
    var secondOrder: [String: Int] = [:]

    init(platform: Platform, settle: Double, probe: Double, cooldown: Double?, codes: [Int]?, probeOnce: Bool) {
        self.platform = platform
        self.settle = settle
        self.probe = probe
        self.cooldown = cooldown
        self.codes = codes
        self.probeOnce = probeOnce
    }

    func classify(_ error: NativeError) -> ErrorVariant {
        switch error {
        case .http(let status):
            if status == 401 { return .none }
            if platform == .android && (status < 100 || status > 599) { return .offline }
            return .server
        case .web(.turbo):
            return .offline
        case .web(.code(let code)):
            let defaults = platform == .ios ? [-1009, -1005, -1001, -1003, -1006, -1018, -1019, -1020] : [-1, -2, -7, -8]
            return (codes ?? defaults).contains(code) ? .offline : .server
        case .ssl, .load:
            return .server
        }
    }

    mutating func run(_ inputs: [(t: Double, input: PolicyInput, line: Int)]) {
        for (t, input, line) in inputs {
            while let next = nextPending(), next.due <= t { fire(next) }
            handle(input, at: t, line: line)
        }
        while let next = nextPending() { fire(next) }
        for surface in Array(runs.keys) { closeRun(surface) }
    }

    func nextPending() -> (view: Int, index: Int, due: Double, started: Int)? {
        var best: (view: Int, index: Int, due: Double, started: Int)?
        for (v, view) in views.enumerated() {
            for (i, pending) in view.pending.enumerated() {
                if best == nil || pending.due < best!.due || (pending.due == best!.due && pending.started < best!.started) {
                    best = (v, i, pending.due, pending.started)
                }
            }
        }
        return best
    }

    mutating func startTimer(_ kind: Kind, on view: Int, due: Double, trigger: RetryTrigger) {
        started += 1
        views[view].pending.append(Pending(kind: kind, due: due, started: started, trigger: trigger))
    }

    func has(_ kind: Kind, _ view: Int) -> Bool { views[view].pending.contains { $0.kind == kind } }

    mutating func fire(_ next: (view: Int, index: Int, due: Double, started: Int)) {
        let pending = views[next.view].pending.remove(at: next.index)
        if pending.kind == .wait && !online { return }
        ask(next.view, trigger: pending.trigger, at: pending.due)
    }

    mutating func ask(_ view: Int, trigger: RetryTrigger, at t: Double) {
        let surface = views[view].surface
        if let cooldown, let last = lastAutomatic, t < last + cooldown {
            views[view].pending.removeAll { $0.kind != .wait }
            startTimer(.wait, on: view, due: last + cooldown, trigger: trigger)
            out.append(Decision(t: t, surface: surface, outcome: .deferred(until: last + cooldown)))
            return
        }
        lastAutomatic = t
        let line = views[view].line
        views.remove(at: view)
        out.append(Decision(t: t, surface: surface, outcome: .retry(.automatic(trigger))))
        if trigger == .probe {
            if probeOnce { probedSinceEdge.insert(surface) }
            runs[surface, default: []].append((t, line))
            if runs[surface]!.count == 2 {
                secondRetries += 1
                secondOrder[surface] = secondRetries
            }
        }
    }

    mutating func closeRun(_ surface: String) {
        guard let run = runs.removeValue(forKey: surface), run.count >= 2 else { return }
        loops.append(
            (
                (run[1].t, secondOrder[surface]!),
                ProbeLoop(
                    surface: surface, t: run[1].t, count: run.count, first: run[0].t, last: run[run.count - 1].t,
                    lines: run.map(\.line))
            ))
    }

    mutating func handle(_ input: PolicyInput, at t: Double, line: Int) {
        switch input {
        case .path(let now):
            if now == online { return }
            online = now
            if online {
                probedSinceEdge = []
                for surface in Array(runs.keys) { closeRun(surface) }
            }
            for v in views.indices where views[v].offline {
                if online {
                    if !has(.settle, v) && !has(.wait, v) { startTimer(.settle, on: v, due: t + settle, trigger: .edge) }
                } else {
                    views[v].pending.removeAll { $0.kind != .wait }
                }
            }
        case .presented(let surface, let error):
            views.removeAll { $0.surface == surface }
            let variant = classify(error)
            var arms = variant == .offline && online
            var flag: Bool?
            if arms && probeOnce && probedSinceEdge.contains(surface) {
                arms = false
                flag = false
            }
            out.append(Decision(t: t, surface: surface, outcome: .view(variant), probe: flag))
            if variant == .none { return }
            views.append(View(surface: surface, offline: variant == .offline, line: line))
            if arms { startTimer(.probe, on: views.count - 1, due: t + probe, trigger: .probe) }
        case .tapRetry(let surface):
            guard let v = views.firstIndex(where: { $0.surface == surface }) else { return }
            views.remove(at: v)
            out.append(Decision(t: t, surface: surface, outcome: .retry(.manual)))
        case .dismissed(let surface):
            views.removeAll { $0.surface == surface }
        case .foreground:
            guard platform == .ios && online else { return }
            for v in views.indices where views[v].offline && !has(.settle, v) && !has(.wait, v) {
                startTimer(.settle, on: v, due: t + settle, trigger: .foreground)
            }
        case .launch:
            // v2.1: as if the log started here. The runs end (a loop already whole stays one).
            if !views.isEmpty { launchesOverViews += 1 }
            for surface in Array(runs.keys) { closeRun(surface) }
            views = []
            online = false
            lastAutomatic = nil
            probedSinceEdge = []
        }
    }

    var sortedLoops: [ProbeLoop] {
        loops.sorted { $0.key < $1.key }.map(\.loop)
    }
}

@Suite("Property: random native recordings against a plain statement of v2.1")
struct NativePropertyTests {
    /// The settings a seed picks: the defaults mostly, sometimes other durations, no cooldown,
    /// a replaced code list, probe-once.
    fileprivate static func config(_ random: inout SeededRandom, platform: Platform) -> (NativeConfig, PlainV2) {
        let settle: Double = random.chance(0.7) ? 400 : random.pick([0, 250.5, 1000])
        let probe: Double = random.chance(0.7) ? 2500 : random.pick([0, 400, 10000])
        let cooldownChoice = random.pick([0, 0, 1, 2])
        let cooldown: NativeConfig.Cooldown? = cooldownChoice == 0 ? nil : cooldownChoice == 1 ? Optional(.none) : .milliseconds(5000)
        let effectiveCooldown: Double? = cooldownChoice == 0 ? (platform == .android ? 15000 : nil) : cooldownChoice == 1 ? nil : 5000
        let codes: [Int]? = random.chance(0.25) ? random.pick([[], [-6], [-1004, -2, 0], [-1009]]) : nil
        let probeOnce = random.chance(0.5)
        let config = NativeConfig(
            settle: settle, probe: probe, cooldown: cooldown,
            offlineCodes: codes.map { [platform: Set($0)] } ?? [:], variant: probeOnce ? .probeOnce : nil)
        return (
            config,
            PlainV2(
                platform: platform, settle: settle, probe: probe, cooldown: effectiveCooldown, codes: codes,
                probeOnce: probeOnce)
        )
    }

    @Test("decisions and probe loops agree with the plain statement, on both platforms", arguments: Array(UInt64(1)...UInt64(300)))
    func agrees(seed: UInt64) throws {
        let platform: Platform = seed % 2 == 0 ? .ios : .android
        var generator = NativeRecordingGenerator(seed: seed)
        let recording = generator.recording(records: 20 + Int(seed % 60), platform: platform)
        var random = SeededRandom(seed: seed &* 7919)
        let (config, plainSettings) = Self.config(&random, platform: platform)
        var plain = plainSettings
        plain.run(recording.inputs)

        let path = try Fixtures.file(recording.text, name: "random-\(seed).jsonl")
        let replayed = try nativeTimeline(path: path, config: config)
        #expect(replayed == plain.out, "seed \(seed)")
        if replayed != plain.out {
            let diverges =
                (0..<min(replayed.count, plain.out.count)).first { replayed[$0] != plain.out[$0] }
                ?? min(replayed.count, plain.out.count)
            let port = replayed.dropFirst(diverges).first.map(\.jsonLine) ?? "none"
            let said = plain.out.dropFirst(diverges).first.map(\.jsonLine) ?? "none"
            Issue.record("seed \(seed): first difference at decision \(diverges): port \(port), plain \(said)\n\(recording.text)")
        }
        #expect(try nativeProbeLoops(path: path, config: config) == plain.sortedLoops, "seed \(seed)")
        if config.variant == .probeOnce { #expect(plain.sortedLoops.isEmpty, "seed \(seed): a loop under probe-once") }
    }

    @Test("the generator reaches every row: each variant, each trigger, deferrals, probe loops and probe false")
    func coverage() throws {
        var seen: Set<String> = []
        for seed in UInt64(1)...UInt64(300) {
            let platform: Platform = seed % 2 == 0 ? .ios : .android
            var generator = NativeRecordingGenerator(seed: seed)
            let recording = generator.recording(records: 20 + Int(seed % 60), platform: platform)
            var random = SeededRandom(seed: seed &* 7919)
            var plain = Self.config(&random, platform: platform).1
            plain.run(recording.inputs)
            for decision in plain.out {
                switch decision.outcome {
                case .view(let variant): seen.insert("view \(variant)")
                case .retry(.automatic(let trigger)): seen.insert("auto \(trigger)")
                case .retry(.manual): seen.insert("manual")
                case .deferred: seen.insert("deferred")
                }
                if decision.probe == false { seen.insert("probe false") }
            }
            if !plain.sortedLoops.isEmpty { seen.insert("loop") }
            if plain.launchesOverViews > 0 { seen.insert("launch over views") }
        }
        for row in [
            "view offline", "view server", "view none", "auto edge", "auto probe", "auto foreground", "manual",
            "deferred", "probe false", "loop", "launch over views",
        ] {
            #expect(seen.contains(row), "no recording reaches \(row)")
        }
    }
}
