import AppSession
import Foundation
import NativeErrorPolicy
import OfflineBanner

/// Paths into the repository, for the recordings and the model's pairs.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}

/// A session from inline logs: each a list of timed records, `nil` for a record its policy
/// does not read (it only moves time and the session end).
func session(
    web: [(Double, BannerInput?)], native: [(Double, PolicyInput?)], offset: Double = 0,
    lateMs: Double = SessionSettings.defaultLateMs, platform: Platform = .ios, webRecords: [SessionRecord] = []
) -> AppSession {
    var webLog = WebSessionLog()
    // Each listed record goes with the web record at its time (the first there).
    var listed = webRecords[...]
    for (t, input) in web {
        let record = listed.first.flatMap { $0.t == t ? $0 : nil }
        if record != nil { listed = listed.dropFirst() }
        webLog.feed(input, at: t, record: record)
    }
    webLog.finish()
    var nativeLog = NativeSessionLog(settings: PolicySettings(platform: platform))
    for (t, input) in native { nativeLog.feed(input, at: t) }
    nativeLog.finish()
    return AppSession(web: webLog, native: nativeLog, offset: offset, settings: SessionSettings(lateMs: lateMs))
}

let offlineError = NativeError.web(.code(-1009))
let serverError = NativeError.http(status: 503)
