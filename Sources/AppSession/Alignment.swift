/// How the native log's clock is put on the session's (the web recording's): a native
/// record at native time `t` is at session time `t + offset`.
public enum Alignment: Equatable, Sendable {
    /// From both `meta` records' `startedAt`: `offset` = native − web, in whole milliseconds.
    case startedAt(web: String?, native: String?)
    /// An explicit offset in milliseconds (`--offset-ms`): `startedAt` is not read.
    case offset(Double)
}

/// Why a session cannot be aligned.
public struct AlignmentError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Side: String, Equatable, Sendable {
        case web
        case native
    }

    /// Whose `meta` is at fault.
    public var side: Side
    /// The `startedAt` as written, or `nil` when the `meta` has none (or not a string).
    public var startedAt: String?

    public init(side: Side, startedAt: String?) {
        self.side = side
        self.startedAt = startedAt
    }

    public var description: String {
        let form = "YYYY-MM-DDTHH:MM:SS.sssZ, a real UTC time with three fraction digits"
        guard let startedAt else {
            return
                #"the \#(side.rawValue) "meta" has no "startedAt" string (\#(form)), so the session cannot be aligned; give the offset instead (--offset-ms, or the config's offsetMs)"#
        }
        return
            #"the \#(side.rawValue) "meta"'s "startedAt" \#(startedAt) is not \#(form), so the session cannot be aligned; give the offset instead (--offset-ms, or the config's offsetMs)"#
    }
}

extension Alignment {
    /// The offset in milliseconds, or why there is none. The web side is judged first.
    public func offset() -> Result<Double, AlignmentError> {
        switch self {
        case .offset(let ms):
            return .success(ms)
        case .startedAt(let web, let native):
            guard let webText = web, let webMs = StartedAt.milliseconds(webText) else {
                return .failure(AlignmentError(side: .web, startedAt: web))
            }
            guard let nativeText = native, let nativeMs = StartedAt.milliseconds(nativeText) else {
                return .failure(AlignmentError(side: .native, startedAt: native))
            }
            return .success(Double(nativeMs - webMs))
        }
    }
}
