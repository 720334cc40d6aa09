import ArchiveCachePolicy
import NativeErrorPolicy
import PolicyCore
import Replay
import TurboRecording

/// Replays a native log through the cache and says what each record did, with the findings
/// (archive-cache-policy.md, "Findings"). It keeps what the policy does not need: which keys
/// were ever visited and ever captured, so that a miss can say why.
package struct ArchiveAnalyzer: Sendable {
    package private(set) var cache: ArchiveCache
    package private(set) var summary = ArchiveFileSummary()
    /// Every finding, in order, unless made with `keepingFindings: false` (a reader that takes
    /// them as they are emitted, as `explain` does, need not keep a long log's worth).
    package private(set) var findings: [ArchiveFinding] = []
    /// Every finding's level, kept either way: what decides an exit status.
    package private(set) var levels: [FindingLevel] = []
    private let keepingFindings: Bool
    /// The config's `findings` rules: a finding switched off is neither counted nor handed on.
    private let rules: FindingRules
    /// By the bytes of the keys' identities (`archiveKeyIdentity`), as the cache holds them:
    /// bounded bytes per page however long its URL, and byte-distinct spellings kept apart.
    private var visited: Set<ByteString> = []
    private var everCaptured: Set<ByteString> = []
    private var pendingLine = 0
    /// What those two sets hold, in bytes, and what they may (`rememberedLimit`).
    private var rememberedBytes = 0
    private let limit: Int
    /// Where the log passed `rememberedLimit`: from there a miss could be given the wrong
    /// reason, so whoever reads the analyzer refuses the log (`refusalError`) instead.
    package private(set) var refusal: Refusal?

    package struct Refusal: Equatable, Sendable {
        /// The line of the page that did not fit.
        package var line: Int
        /// The pages remembered by then.
        package var pages: Int
    }

    /// The pages the analyzer remembers, to say why a page was missed, are every page the log
    /// visited or captured: a real app's log has thousands, a log of a new URL on every line
    /// has millions. Past 24 MiB of them (about 200,000 pages of 60-byte URLs) it stops rather
    /// than grow without end or name a wrong reason.
    package static let rememberedLimit = 24 << 20
    /// What a remembered page costs beyond its bytes: the set's slot and the string's storage.
    static let rememberedOverhead = 64

    /// The cache of `config`'s `"archive"` settings, its findings under `config`'s `findings`
    /// rules: what every reader of an app's log uses.
    package init(config: NativeConfig, keepingFindings: Bool = true) {
        self.init(settings: config.archive.settings, rules: FindingRules(checked: config.findings), keepingFindings: keepingFindings)
    }

    /// `kind`'s level under the config's rules, as its findings are counted (a kind switched off
    /// is not counted at all).
    package func level(of kind: ArchiveFinding.Kind) -> FindingLevel { rules.level(of: kind.rawValue, kind.level) ?? kind.level }

    /// `rememberedLimit`: for a test, a smaller bound than `ArchiveAnalyzer.rememberedLimit`.
    package init(
        settings: ArchiveSettings = ArchiveSettings(), rules: FindingRules = FindingRules(), keepingFindings: Bool = true,
        rememberedLimit: Int = rememberedLimit
    ) {
        cache = ArchiveCache(settings: settings)
        self.rules = rules
        self.keepingFindings = keepingFindings
        limit = rememberedLimit
    }

    package var settings: ArchiveSettings { cache.settings }

    /// Whether a record is one the cache learns pages from, or serves a page for.
    package static func isNavigation(_ event: NativeEvent) -> Bool {
        switch event {
        case .finish, .urlChange, .cacheClear, .cacheRemove: return true
        case .presented(let presented): return presented.url != nil
        default: return false
        }
    }

    package mutating func feed(_ record: NativeRecord, emit: (ArchiveEvent) throws -> Void) rethrows {
        guard case .timed(let t, let event) = record.event else { return }
        try fireTimer(upTo: t, emit: emit)
        guard let input = event.archiveInput else { return }
        // What the rows and findings need of the cache before the record, read before it is
        // sent, and no more: a copy of the whole cache would copy up to `maxArchives` archives a record.
        let pendingBefore = cache.pending, countBefore = cache.archiveCount
        let capturedBefore: Double?
        switch input {
        case .cacheRemove(let url): capturedBefore = cache.capturedAt(url)
        case .presented(_, let url?): capturedBefore = cache.capturedAt(url)
        default: capturedBefore = nil
        }
        var decided: [ArchiveDecision] = []
        cache.send(input, at: t, into: &decided)
        func row(_ step: ArchiveStep) throws { try emit(.row(ArchiveRow(t: t, line: record.line, step: step))) }

        switch input {
        case .finish(let url):
            summary.hasNavigation = true
            if let identity = remembered(cache.settings.key(url), in: visited, line: record.line) { visited.insert(identity) }
            if decided.isEmpty { try row(.notCapturable(url: url)) }
        case .urlChange(let url):
            summary.hasNavigation = true
            if let identity = remembered(cache.settings.key(url), in: visited, line: record.line) { visited.insert(identity) }
            pendingLine = record.line
            try row(.scheduled(url: url, due: cache.nextDue ?? t, superseded: pendingBefore?.url))
        case .launch:
            if let pending = pendingBefore { try row(.cancelled(url: pending.url)) }
        case .cacheClear:
            summary.hasNavigation = true
            try row(.cleared(count: countBefore))
        case .cacheRemove(let url):
            summary.hasNavigation = true
            try row(.removed(url: url, key: cache.settings.key(url), held: capturedBefore != nil))
        case .presented(let error, let url):
            guard OfflineErrorPolicy.classify(error, on: .ios, offlineCodes: cache.settings.offlineCodes) == .offline else { break }
            summary.offlineViews += 1
            if url == nil {
                summary.offlineWithoutURL += 1
                try row(.offlineWithoutURL)
            } else {
                summary.hasNavigation = true
            }
        }
        for decision in decided {
            if case .finish(let url) = input { try row(.finished(url: url, capture: decision)) } else { try row(.decided(decision)) }
            try account(decision, line: record.line, capturedBefore: capturedBefore, emit: emit)
        }
    }

    /// The end of the log: a pending capture fires, and the archives held are counted.
    package mutating func finish(emit: (ArchiveEvent) throws -> Void) rethrows {
        try fireTimer(upTo: nil, emit: emit)
        summary.archivesAtEnd = cache.archiveCount
    }

    package mutating func noteSkipped(_ lines: Int) {
        summary.skippedLines = lines
    }

    /// Fires the capture timer if it is due at or before `t` (`nil`: the end of the log), with its row.
    private mutating func fireTimer(upTo t: Double?, emit: (ArchiveEvent) throws -> Void) rethrows {
        guard let pending = cache.pending, pending.due <= t ?? .infinity else { return }
        var decided: [ArchiveDecision] = []
        if let t { cache.advance(to: t, into: &decided) } else { cache.finish(into: &decided) }
        try emit(
            .row(
                ArchiveRow(
                    t: pending.due, line: nil,
                    step: .timerFired(url: pending.url, since: pending.since, sinceLine: pendingLine, capture: decided.first))))
        for decision in decided { try account(decision, line: pendingLine, capturedBefore: nil, emit: emit) }
    }

    /// The identity of `key` to add to `set` (one of the sets of pages), when it is new and
    /// fits within the bound; past the bound, notes the refusal and remembers no more.
    private mutating func remembered(_ key: String, in set: Set<ByteString>, line: Int) -> ByteString? {
        let identity = ByteString(archiveKeyIdentity(key))
        guard refusal == nil, !set.contains(identity) else { return nil }
        let cost = identity.text.utf8.count + Self.rememberedOverhead
        guard rememberedBytes + cost <= limit else {
            refusal = Refusal(line: line, pages: visited.count + everCaptured.count)
            return nil
        }
        rememberedBytes += cost
        return identity
    }

    /// The data error (exit 65) for a log the analyzer refused, naming `path` and the line.
    package func refusalError(path: String) -> RecordingError? {
        refusal.map { refusal in
            RecordingError(
                .malformed, path: path, line: refusal.line,
                "the archive's findings remember every page a log visited or captured, to say why a page was missed, "
                    + "and this log has more than \(limit >> 20) MiB of them (\(refusal.pages) pages by this line): "
                    + "read it in parts, each starting with its meta line")
        }
    }

    /// Counts a decision and makes its finding, if it has one.
    private mutating func account(
        _ decision: ArchiveDecision, line: Int, capturedBefore: Double?,
        emit: (ArchiveEvent) throws -> Void
    ) rethrows {
        var finding: ArchiveFinding?
        switch decision.outcome {
        case .capture(let key, _):
            summary.captures += 1
            if let identity = remembered(key, in: everCaptured, line: line) { everCaptured.insert(identity) }
        case .served(let url, let key, let ageMs):
            summary.served += 1
            summary.servedAges.add(ageMs)
            if ageMs > cache.settings.stale {
                finding = ArchiveFinding(
                    t: decision.t, line: line, url: url, key: key,
                    detail: .staleArchive(ageMs: ageMs, staleMs: cache.settings.stale))
            }
        case .miss(let url, _):
            let key = cache.settings.key(url), held = ByteString(archiveKeyIdentity(key))
            let reason: MissReason = !visited.contains(held) ? .neverVisited : everCaptured.contains(held) ? .removed : .notCaptured
            summary.missed[reason, default: 0] += 1
            finding = ArchiveFinding(t: decision.t, line: line, url: url, key: key, detail: .offlineMiss(reason))
        case .passed(let url, let failure, let cached):
            summary.passed += 1
            if cached, let capturedAt = capturedBefore {
                summary.passedCached += 1
                finding = ArchiveFinding(
                    t: decision.t, line: line, url: url, key: cache.settings.key(url),
                    detail: .notIntercepted(failure, capturedAt: capturedAt))
            }
        }
        if var finding, let level = rules.level(of: finding.kind.rawValue, finding.level) {
            finding.level = level
            summary.findings[finding.kind, default: 0] += 1
            levels.append(finding.level)
            if keepingFindings { findings.append(finding) }
            try emit(.finding(finding))
        }
    }
}
