import TurboRecording

/// What a timeline picture is drawn from: a recording read as it is drawn, or a log
/// analysed whole, which gives the same picture. Read as it is drawn, what is kept is what the
/// picture draws (its `RenderLimits`), not the recording.
package enum PictureSource<Analyzed, Settings> {
    /// The recording `lines` reads (a file, or standard input whose kind was looked at),
    /// replayed with `settings`; strict unless `lenient`.
    case lines(JSONLines, Settings, lenient: Bool = false)
    /// A log analysed whole.
    case analyzed(Analyzed)
}
