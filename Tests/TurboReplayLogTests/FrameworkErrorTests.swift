import NativeErrorPolicy
import Testing
import TurboReplayLog

/// docs/native-logging.md, "What the hook hands the app, as the log writes it": one case a row.
@Suite("Framework errors")
struct FrameworkErrorTests {
    static let ios: [(IOSHandedError, String)] = [
        (.http(statusCode: 503), #"{"kind":"http","status":503}"#),
        (.http(statusCode: 401), #"{"kind":"http","status":401}"#),
        (.web(errorCode: -1009, hasURLError: true, isTimeout: false), #"{"kind":"web","code":-1009}"#),
        (.web(errorCode: -1001, hasURLError: true, isTimeout: true), #"{"kind":"web","code":-1001}"#),
        (.web(errorCode: -1202, hasURLError: true, isTimeout: false), #"{"kind":"web","code":-1202}"#),
        (.web(errorCode: 0, hasURLError: false, isTimeout: false), #"{"kind":"web","code":0}"#),
        (.web(errorCode: -1, hasURLError: false, isTimeout: true), #"{"kind":"web","turbo":"timeout"}"#),
        (.web(errorCode: -1, hasURLError: false, isTimeout: false), #"{"kind":"web","code":-1}"#),
        (.load, #"{"kind":"load"}"#),
    ]
    static let android: [(AndroidVisitError, String)] = [
        (.http(statusCode: 503), #"{"kind":"http","status":503}"#),
        (.http(statusCode: -1), #"{"kind":"http","status":-1}"#),
        (.web(errorCode: -2), #"{"kind":"web","code":-2}"#),
        (.web(errorCode: -11), #"{"kind":"web","code":-11}"#),
        (.ssl(errorCode: 3), #"{"kind":"ssl"}"#),
        (.load, #"{"kind":"load"}"#),
    ]

    @Test("iOS: HotwireNativeError → error", arguments: 0..<ios.count)
    func iosRow(_ row: Int) {
        #expect(errorJSON(NativeError(ios: Self.ios[row].0)) == Self.ios[row].1)
    }

    @Test("Android: VisitError → error", arguments: 0..<android.count)
    func androidRow(_ row: Int) {
        #expect(errorJSON(NativeError(android: Self.android[row].0)) == Self.android[row].1)
    }
}
