import BannerFindings
import NativeFindings
import TurboRecording

/// Reads one log of a fleet report (`stats`, `tune`, `archive --summary`): `body` reads it,
/// handing the lines a lenient read skips to the handler it is given, of which the first
/// `StatsFile.maxWarnings` are kept; whatever stops the read becomes the log's failure, so one
/// broken log never stops the others.
package func readFleetLog<Outcome>(
    _ path: String, failed: (RecordingError) -> Outcome,
    _ body: (_ onSkip: @escaping (RecordingError) -> Void) throws -> Outcome
)
    -> (outcome: Outcome, warnings: [RecordingError])
{
    var warnings: [RecordingError] = []
    let onSkip: (RecordingError) -> Void = { skipped in
        if warnings.count < StatsFile.maxWarnings { warnings.append(skipped) }
    }
    do {
        return (try body(onSkip), warnings)
    } catch let error as RecordingError {
        return (failed(error), warnings)
    } catch {
        return (failed(RecordingError(.unreadable, path: path, line: nil, "\(error)")), warnings)
    }
}
