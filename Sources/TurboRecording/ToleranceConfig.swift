import CJSONC

/// The one key of `NAME.config.json` that is about checking rather than replaying:
///
///     {"toleranceMs": 250}
///
/// how far (in ms) each time in a re-captured recording's timeline may drift from its golden
/// (`check`). The replay's own config readers accept the key and leave it alone, so one file
/// serves both. A native config's `launch.toleranceMs` is another thing: how long the app's
/// screen log may disagree with the launch policy before `explain` calls it a finding.
public enum ToleranceConfig {
    /// The config's `toleranceMs`, or `nil` when it has none.
    public static func load(path: String) throws -> Double? {
        let root = try parseJSONDocument(path: path)
        defer { json_object_put(root) }
        guard json_object_get_type(root) == json_type_object else {
            throw RecordingError(.malformed, path: path, line: nil, "expected a JSON object")
        }
        let field = Field(root, "toleranceMs")
        if field.isAbsent { return nil }
        guard let ms = field.finiteNumber, ms >= 0 else {
            throw RecordingError(.malformed, path: path, line: nil, #""toleranceMs" must be a number of milliseconds, 0 or more"#)
        }
        return ms
    }
}
