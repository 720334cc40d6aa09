import BannerFindings
import NativeErrorPolicy
import NativeFindings
import PolicyCore

/// The native logs of a `stats` run, added up: their platforms, and for each native finding the
/// logs to open (each policy's own figures are with its part, `NativeStatsSection`).
extension FleetStats {
    package var nativePlatforms: [(platform: Platform, count: Int)] {
        Platform.allCases.compactMap { platform in
            let count = natives.filter { $0.summary.platform == platform }.count
            return count == 0 ? nil : (platform, count)
        }
    }

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
