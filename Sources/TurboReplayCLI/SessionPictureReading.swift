import AppSession
import Pictures
import Replay
import TurboRecording

/// `session`'s layer findings, with what `--render` reads of the two logs besides (their
/// `meta`, the app's records about its error views) fed the same records in the same pass:
/// the logs are read once, whatever is drawn.
struct SessionPictureReading<Inner: SessionLayerExplainer>: SessionLayerExplainer {
    var inner: Inner
    /// `nil` without a picture to draw.
    var records: SessionPictureRecords?

    mutating func feed(web record: Record) {
        inner.feed(web: record)
        records?.feed(web: record)
    }

    mutating func finishWeb(skipped: Int, cut: Int?) { inner.finishWeb(skipped: skipped, cut: cut) }

    mutating func feed(native record: NativeRecord) {
        inner.feed(native: record)
        records?.feed(native: record)
    }

    mutating func finishNative(skipped: Int, cuts: [LogCut]) { inner.finishNative(skipped: skipped, cuts: cuts) }

    func findings(offset: Double) -> [LayerFinding] { inner.findings(offset: offset) }
}
