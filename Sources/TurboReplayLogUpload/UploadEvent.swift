/// What a pass of the uploader did with a file, for the app to count or log.
public enum UploadEvent: Sendable, Equatable {
    /// Every part answered 2xx: the file (`path`, by the name it had) was deleted.
    case uploaded(logID: String, path: String, parts: Int)
    /// The collector holds other bytes under this part (409): the file is kept, and not tried
    /// again by this uploader. Two files with one log id, or a file changed after it was closed.
    case conflict(logID: String, path: String, part: Int)
    /// The part was not taken after every try of this pass (`status` nil: no answer at all):
    /// the file is kept for the next pass.
    case failed(logID: String, path: String, part: Int, status: Int?)
    /// A rotated file that is no closed log of this logger (no `meta` naming a log id, or a last
    /// line with no line end): left alone.
    case skipped(path: String)
}
