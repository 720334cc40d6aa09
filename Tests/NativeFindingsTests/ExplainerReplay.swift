import TurboRecording

@testable import NativeFindings
@testable import TestSupport

/// Replays `lines` (a native log, written to a temporary file called `name`) through an
/// explainer that holds `surfacesInMemory` surfaces before the disk: the most it held per
/// surface after any record, and every event it handed out.
func explainerReplay(_ lines: [String], name: String, surfacesInMemory: Int) throws -> (held: Int, events: [NativeExplainer.Event]) {
    let reader = try NativeRecordingReader(path: try temporaryRecording(name, lines))
    var explainer = NativeExplainer(surfacesInMemory: surfacesInMemory)
    var events: [NativeExplainer.Event] = []
    var held = 0
    while let record = try reader.next() {
        explainer.feed(record, decided: { _ in }, emit: { events.append($0) })
        held = max(held, explainer.retainedSurfaces)
    }
    explainer.finish(decided: { _ in }, emit: { events.append($0) })
    return (held, events)
}
