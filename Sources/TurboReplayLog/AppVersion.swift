import PolicyCore

/// The app's release as the native shell reports it, written in every file's `meta` as
/// `"app":{"version":"2.3.1","build":"231"}`: what `stats --by app-version` groups a fleet by.
/// iOS: `CFBundleShortVersionString` and `CFBundleVersion`; Android: `versionName` and
/// `versionCode`.
public struct AppVersion: Sendable, Equatable {
    public var version: String
    public var build: String?

    public init(version: String, build: String? = nil) {
        self.version = version
        self.build = build
    }

    /// The longest version or build written, in UTF-8 bytes: a `meta` stays short enough for a
    /// relaunch to read it whole (the first 4 KiB of the file).
    public static let textLimit = 256

    /// Whether the readers take it as the release: a non-empty version, and no text with
    /// U+0000 or over `textLimit`. One they would not is left out of `meta` and counted
    /// (`value`), as a `startedAt` they cannot name is.
    var isWritable: Bool {
        let texts = [version] + (build.map { [$0] } ?? [])
        return !version.isEmpty && texts.allSatisfy { !$0.utf8.contains(0) && $0.utf8.count <= Self.textLimit }
    }

    /// `{"version":"2.3.1","build":"231"}`.
    var json: [UInt8] {
        var line = JSONLine()
        line.string("version", version)
        if let build { line.string("build", build) }
        return line.bytes + [UInt8(ascii: "}")]
    }
}
