import PolicyCore
import TurboRecording

/// A native log's time on error views in a `stats --partial` line, and back: the views' times
/// as a sketch (so the line stays short however many views the log had), the open ones and
/// the total, written exactly,
///
///     "errorViewTime":{"open":0,"totalMs":8200.0,"durations":{"zeros":0,"bins":[[656,1],[783,3]],…}}
///
/// A merge folds them as a single run does and prints the same figures.
extension StatsPartial {
    static func errorViewTime(_ times: ErrorViewTimes) -> String {
        var line = JSONLine()
        line.integer(.errorViewOpen, times.open)
        line.raw(.errorViewTotalMs, exact(times.totalMs))
        line.raw(.errorViewDurations, sketch(times.durations))
        return line.text
    }

    static func decodeErrorViewTime(_ value: JSONValue?, _ read: Reader) throws -> ErrorViewTimes {
        let object = try read.object(value, "errorViewTime")
        let durations = try decodeSketch(object[.errorViewDurations], "errorViewTime.durations", read)
        let open = try read.int(object[.errorViewOpen], "errorViewTime.open")
        let total = try read.duration(object[.errorViewTotalMs], "errorViewTime.totalMs")
        guard let times = ErrorViewTimes(durations: durations, open: open, totalMs: total) else {
            throw read.fail(
                "\"errorViewTime\" is not one log's: \(open) open of \(durations.count) views, "
                    + "\(exact(total)) ms in all, the longest \(exact(durations.max ?? 0)) ms")
        }
        return times
    }
}
