import CJSONC

/// The app's release as a log's `meta` says it (recording-format.md, field identity):
/// `{"version":"2.3.1","build":"231"}`, the version as the native shell reports it.
public struct AppRelease: Equatable, Sendable, CustomStringConvertible {
    public var version: String
    public var build: String?

    public init(version: String, build: String? = nil) {
        self.version = version
        self.build = build
    }

    /// `2.3.1 (231)`, or `2.3.1` without a build.
    public var description: String { build.map { "\(version) (\($0))" } ?? version }

    /// A `meta`'s `app`, read as informative fields are: one that is not an object with a
    /// non-empty string `version` (and, if any, a string `build`) says nothing.
    init?(_ meta: OpaquePointer) {
        guard let app = Field(meta, "app").object, let version = Field(app, "version").string, !version.isEmpty else { return nil }
        let build = Field(app, "build")
        guard build.isAbsent || build.string != nil else { return nil }
        self.init(version: version, build: build.string)
    }
}

/// A `meta`'s `session`, or a `web-session` record's: a non-empty string, else nothing.
func sessionID(_ object: OpaquePointer) -> String? {
    guard let id = Field(object, "session").string, !id.isEmpty else { return nil }
    return id
}
