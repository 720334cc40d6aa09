import BannerFindings
import NativeErrorPolicy
import NativeFindings
import PolicyCore

/// The native logs of a `stats` run, added up: each policy's figures, and for each native
/// finding the logs to open.
extension FleetStats {
    package var nativePlatforms: [(platform: Platform, count: Int)] {
        Platform.allCases.compactMap { platform in
            let count = natives.filter { $0.summary.platform == platform }.count
            return count == 0 ? nil : (platform, count)
        }
    }

    package var errorViews: [(variant: ErrorVariant, count: Int)] {
        ErrorVariant.allCases.compactMap { variant in
            let count = natives.reduce(0) { $0 + ($1.summary.errorView.views[variant] ?? 0) }
            return count == 0 ? nil : (variant, count)
        }
    }

    package var automaticRetries: [(trigger: RetryTrigger, count: Int)] {
        RetryTrigger.allCases.compactMap { trigger in
            let count = natives.reduce(0) { $0 + ($1.summary.errorView.automaticRetries[trigger] ?? 0) }
            return count == 0 ? nil : (trigger, count)
        }
    }

    package var manualRetries: Int { natives.reduce(0) { $0 + $1.summary.errorView.manualRetries } }
    package var deferredRetries: Int { natives.reduce(0) { $0 + $1.summary.errorView.deferred } }

    /// Every native finding id, with its count and the logs that show it (most occurrences
    /// first, then by path).
    package var nativeFindings: [(id: String, level: FindingLevel, count: Int, recordings: [(path: String, count: Int)])] {
        NativeStatsSections.findingIDs.map { id in
            let recordings = natives.compactMap { entry in entry.summary.findings[id].map { (path: entry.path, count: $0) } }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.path < $1.path }
            return (id, NativeStatsSections.findingLevels[id] ?? .warning, recordings.reduce(0) { $0 + $1.count }, recordings)
        }
    }

    /// The native logs' findings counted by level, every level present.
    package var nativeFindingsByLevel: [FindingLevel: Int] {
        nativeFindings.reduce(into: Dictionary(uniqueKeysWithValues: FindingLevel.allCases.map { ($0, 0) })) { $0[$1.level]! += $1.count }
    }
}
