import BannerFindings
import NativeFindings
import PolicyCore
import TurboRecording

/// A native log's launch figures in a `stats --partial` line, and back: exact, so a merge
/// prints the report a single `stats` prints. A log with no launch writes nothing, and a
/// partial without `"launch"` reads as no launch.
extension StatsPartial {
    static func launch(_ summary: LaunchSummary) -> String? {
        guard summary != LaunchSummary() else { return nil }
        var line = JSONLine()
        line.integer("launches", summary.launches)
        line.raw("readyMs", "[" + summary.readyMs.map(exact).joined(separator: ",") + "]")
        line.integer("stalls", summary.stalls)
        line.integer("throughError", summary.throughError)
        line.integer("offseason", summary.offseason)
        return line.text
    }

    static func decodeLaunch(_ value: JSONValue?, _ read: Reader) throws -> LaunchSummary {
        guard let value else { return LaunchSummary() }
        let object = try read.object(value, "launch")
        var summary = LaunchSummary()
        summary.launches = try read.int(object["launches"], "launches")
        summary.readyMs = try read.array(object["readyMs"], "readyMs").map { try read.number($0, "readyMs[]") }
        summary.stalls = try read.int(object["stalls"], "stalls")
        summary.throughError = try read.int(object["throughError"], "throughError")
        summary.offseason = try read.int(object["offseason"], "offseason")
        return summary
    }
}
