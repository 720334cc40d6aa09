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
    /// By the bytes of the keys' identities (`archiveKeyIdentity`), as the cache holds them:
    /// bounded bytes per page however long its URL, and byte-distinct spellings kept apart.
    private var visited: Set<ByteString> = []
    private var everCaptured: Set<ByteString> = []
    private var pendingLine = 0

    package init(settings: ArchiveSettings = ArchiveSettings(), keepingFindings: Bool = true) {
        cache = ArchiveCache(settings: settings)
        self.keepingFindings = keepingFindings
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
        // sent: a copy of the whole cache here made every record copy up to `maxArchives`
        // archives when the send changed it (a log of new pages took 15 minutes at 3M records).
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
            visited.insert(ByteString(archiveKeyIdentity(cache.settings.key(url))))
            if decided.isEmpty { try row(.notCapturable(url: url)) }
        case .urlChange(let url):
            summary.hasNavigation = true
            visited.insert(ByteString(archiveKeyIdentity(cache.settings.key(url))))
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

    /// Counts a decision and makes its finding, if it has one.
    private mutating func account(
        _ decision: ArchiveDecision, line: Int, capturedBefore: Double?,
        emit: (ArchiveEvent) throws -> Void
    ) rethrows {
        var finding: ArchiveFinding?
        switch decision.outcome {
        case .capture(let key, _):
            summary.captures += 1
            everCaptured.insert(ByteString(archiveKeyIdentity(key)))
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
        if let finding {
            summary.findings[finding.kind, default: 0] += 1
            levels.append(finding.level)
            if keepingFindings { findings.append(finding) }
            try emit(.finding(finding))
        }
    }
}
