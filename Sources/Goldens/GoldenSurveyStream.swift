import TurboRecording

/// `check`'s survey as it goes: the recordings to check and the stray goldens, one at a time,
/// in the order of their paths' bytes, each recording once. The files come from a listing held
/// on disk; the recordings that goldens named on the command line stand for are merged in.
package final class GoldenSurveyStream {
    package enum Item: Equatable, Sendable {
        case recording(GoldenCase)
        case stray(StrayGolden)

        var path: String {
            switch self {
            case .recording(let golden): golden.recording
            case .stray(let stray): stray.path
            }
        }
    }

    /// Names of recordings or goldens that are not regular files, passed over and said.
    package let skipped: [SkippedFile]
    private let files: PathListing
    private let given: Set<String>
    /// The recordings named through goldens, sorted; taken from the front.
    private var named: ArraySlice<String>
    private var lookahead: Item?
    private var last: String?

    init(files: PathListing, given: Set<String>, named: [String], skipped: [SkippedFile]) {
        self.files = files
        self.given = given
        self.named = named.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }[...]
        self.skipped = skipped
    }

    /// The next recording or stray, or `nil` after the last.
    package func next() throws -> Item? {
        while true {
            if lookahead == nil { lookahead = try walked() }
            if let first = named.first, lookahead.map({ !$0.path.utf8.lexicographicallyPrecedes(first.utf8) }) ?? true {
                named.removeFirst()
                if isNew(first) { return .recording(GoldenCase(recording: first)) }
                continue
            }
            guard let item = lookahead else { return nil }
            lookahead = nil
            if case .recording(let golden) = item, !isNew(golden.recording) { continue }
            return item
        }
    }

    /// The walk's next recording or stray.
    private func walked() throws -> Item? {
        while let file = try files.next() {
            if let item = GoldenCase.classify(file, given: given) {
                // A named golden's recording is among `named` already.
                if case .recording = item, RecordingFiles.isGolden(file) { continue }
                return item
            }
        }
        return nil
    }

    /// A recording not handed on yet: in path order, a repeat is the one just handed on.
    private func isNew(_ recording: String) -> Bool {
        guard recording != last else { return false }
        last = recording
        return true
    }
}
