import ArchiveCachePolicy
import NativeErrorPolicy

// Shorthands so that the tests read like the contract's records and output lines.

func replay(_ records: [(t: Double, input: ArchiveInput)], settings: ArchiveSettings = ArchiveSettings()) -> [ArchiveDecision] {
    ArchiveCache.timeline(of: records, settings: settings)
}

func finish(_ url: String) -> ArchiveInput { .finish(url: url) }
func urlChange(_ url: String) -> ArchiveInput { .urlChange(url: url) }
func remove(_ url: String) -> ArchiveInput { .cacheRemove(url: url) }
func presented(_ error: NativeError, _ url: String?) -> ArchiveInput { .presented(error: error, url: url) }
func notConnected(_ url: String?) -> ArchiveInput { .presented(error: .web(.code(-1009)), url: url) }

/// `{"t":…,"capture":…,"via":…}`
func capture(_ t: Double, _ key: String, _ via: CaptureTrigger) -> ArchiveDecision {
    ArchiveDecision(t: t, outcome: .capture(key: key, via: via))
}

/// `{"t":…,"served":…,"key":…,"ageMs":…}`
func served(_ t: Double, _ url: String, key: String, age: Double) -> ArchiveDecision {
    ArchiveDecision(t: t, outcome: .served(url: url, key: key, ageMs: age))
}

/// `{"t":…,"miss":…,"toast":"Not available offline: …"}`
func miss(_ t: Double, _ url: String) -> ArchiveDecision {
    ArchiveDecision(t: t, outcome: .miss(url: url, toast: "Not available offline: " + url))
}

/// `{"t":…,"passed":…,"code"|"turbo":…,"cached":…}`
func passed(_ t: Double, _ url: String, _ failure: WebFailure, cached: Bool) -> ArchiveDecision {
    ArchiveDecision(t: t, outcome: .passed(url: url, failure: failure, cached: cached))
}

let page = "https://app.example.com/courses/1"
let lesson = "https://app.example.com/courses/1/lessons/2"
let grades = "https://app.example.com/grades"
