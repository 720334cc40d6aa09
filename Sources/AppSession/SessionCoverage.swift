/// How far the two logs are known (app-session.md: a log cut by a crash ends where its cut is,
/// and neither layer's findings speak past the end of its own log). `horizon` is the earliest
/// end of a cut log on the session clock, infinite when neither was cut: what a drop or an
/// edge waits for counts only up to it.
struct SessionCoverage: Sendable {
    var horizon: Double = .infinity
    let lateMs: Double

    func covers(_ t: Double) -> Bool { t <= horizon }

    /// The wait from a drop or an edge until `next` (the next connectivity line; `nil`: the
    /// session end) reaches past what is known.
    func reachesPast(until next: Double?) -> Bool {
        next.map { $0 > horizon } ?? horizon.isFinite
    }

    /// What an edge waited for did not come: stuck when its wait ended within what is known;
    /// when it reaches past a cut, only when the wait up to the cut is already late (else not
    /// measured: the log that would say ended first).
    func stuck(from t: Double, until next: Double?) -> Bool {
        !reachesPast(until: next) || horizon - t > lateMs
    }
}
