import PolicyCore

/// recording-format.md's rules for `t`, shared by the web and native readers: every timed
/// record has a finite number of milliseconds within ±2^53, never less than the record before it.

/// The record's `t` when it is a finite number within ±2^53 ms. (No closure for the error here: this runs
/// for every line, and `timeProblem` says why only when there is something to say.)
func recordTime(_ object: OpaquePointer) -> Double? {
    Field(object, "t").time
}

/// Why `recordTime` found no time in the record.
func timeProblem(_ object: OpaquePointer) -> String {
    timeProblem(Field(object, "t"))
}

/// Why the field `t` is not a time.
func timeProblem(_ t: Field) -> String {
    if t.isAbsent { return #"missing "t""# }
    if t.isOutOfRangeNumber { return #""t" is out of range: a time must lie within ±2^53 ms (9007199254740992), a whole number from 2^52 on"# }
    return #""t" must be a finite number"#
}

/// The time of the last record accepted. A rejected line (skipped in lenient mode) does not
/// move it, so checking and advancing are separate steps.
struct TimeOrder {
    private(set) var last = -Double.infinity

    func admits(_ t: Double) -> Bool {
        t >= last
    }

    /// Why `t` is not admitted.
    func problem(_ t: Double) -> String {
        #""t" goes back in time: \#(formatMilliseconds(t)) after \#(formatMilliseconds(last))"#
    }

    mutating func advance(to t: Double) {
        last = t
    }
}
