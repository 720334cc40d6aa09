import Goldens
import Reports
import TurboRecording

extension Console {
    /// The recordings under `paths` (see `RecordingFiles.list`), in the order of `key`, each name passed over (a FIFO,
    /// a link to a device or to nothing) said on standard error: skipped, never read, never lost
    /// in silence.
    func recordings(under paths: [String], key: @escaping PathListing.Key = PathListing.byPath) throws -> PathListing {
        let (listing, skipped) = try RecordingFiles.stream(in: paths, key: key, goldenParts: GoldenCase.reservedParts)
        reportSkipped(skipped)
        return listing
    }

    func reportSkipped(_ files: [SkippedFile]) {
        for file in files { error("turbo-replay: warning: \(terminalSafe(file.description))") }
    }

    /// Temporaries beside goldens that no running update is writing (one was killed): `check`
    /// ignores them, and says where they are so that someone removes them.
    func reportStrayTemporaries(under paths: [String]) {
        let found = TemporarySweep.goldens(under: paths, remove: false)
        for path in found.stale {
            error("turbo-replay: warning: \(terminalSafe(path)): left by an interrupted check --update; not a golden, remove it")
        }
        reportKept(found)
    }

    /// What a sweep removed (`left`: by what), and what it could not.
    func reportSwept(_ sweep: TemporarySweep, left: String) {
        for path in sweep.stale { error("turbo-replay: note: removed \(terminalSafe(path)), left by \(left)") }
        reportKept(sweep)
    }

    /// The stale temporaries of `output` removed before a command writes it (`render -o`,
    /// `tune --plot`, `session --render`), each said, and what could not be.
    func sweepTemporaries(of output: String) {
        reportSwept(TemporarySweep.sweep(of: output), left: "an interrupted turbo-replay")
    }

    private func reportKept(_ sweep: TemporarySweep) {
        for kept in sweep.kept {
            error("turbo-replay: warning: \(terminalSafe(kept.description))")
        }
    }
}
