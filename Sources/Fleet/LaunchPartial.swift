import BannerFindings
import NativeFindings
import PolicyCore
import TurboRecording

/// A native log's launch figures in a `stats --partial` line, and back: the counts, and the
/// times to web as a sketch, so a merge prints the report a single `stats` prints. A log with
/// no launch writes nothing, and a partial without `"launch"` reads as no launch.
extension StatsPartial {
    static func launch(_ summary: LaunchLogSummary) -> String? {
        guard summary != LaunchLogSummary() else { return nil }
        var line = JSONLine()
        line.integer(.launches, summary.launches)
        line.raw(.toWeb, sketch(summary.toWeb))
        line.integer(.stalls, summary.stalls)
        line.integer(.throughError, summary.throughError)
        line.integer(.offseason, summary.offseason)
        return line.text
    }

    static func decodeLaunch(_ value: JSONValue?, _ read: Reader) throws -> LaunchLogSummary {
        guard let value else { return LaunchLogSummary() }
        let object = try read.object(value, "launch")
        var summary = LaunchLogSummary()
        summary.launches = try read.int(object[.launches], "launches")
        summary.toWeb = try decodeSketch(object[.toWeb], "toWeb", read)
        summary.stalls = try read.int(object[.stalls], "stalls")
        summary.throughError = try read.int(object[.throughError], "throughError")
        summary.offseason = try read.int(object[.offseason], "offseason")
        return summary
    }
}
