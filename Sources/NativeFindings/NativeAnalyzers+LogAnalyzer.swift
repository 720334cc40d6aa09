import Replay
import TurboRecording

extension ArchiveAnalyzer: LogAnalyzer {}

/// The launch keeps its rows and findings for the report at the end (`LaunchExplainText`), so
/// it emits nothing while it reads.
extension LaunchAnalyzer: LogAnalyzer {
    package mutating func feed(_ record: NativeRecord, emit: (Never) throws -> Void) rethrows {
        feed(record)
    }

    package mutating func finish(emit: (Never) throws -> Void) rethrows {
        finish()
    }
}
