import NativeErrorPolicy

// Shorthands so that the tests read like the contract's records and output lines.

func replay(_ platform: Platform, _ records: [(t: Double, input: PolicyInput)]) -> [Decision] {
    RetryPolicy.timeline(of: records, settings: PolicySettings(platform: platform))
}

func replay(_ settings: PolicySettings, _ records: [(t: Double, input: PolicyInput)]) -> [Decision] {
    RetryPolicy.timeline(of: records, settings: settings)
}

/// `{"t":…,"surface":…,"view":…}`
func view(_ t: Double, _ surface: String, _ variant: ErrorVariant) -> Decision {
    Decision(t: t, surface: surface, outcome: .view(variant))
}

/// `{"t":…,"surface":…,"retry":"auto","trigger":…}`
func auto(_ t: Double, _ surface: String, _ trigger: RetryTrigger) -> Decision {
    Decision(t: t, surface: surface, outcome: .retry(.automatic(trigger)))
}

/// `{"t":…,"surface":…,"retry":"manual"}`
func manual(_ t: Double, _ surface: String) -> Decision {
    Decision(t: t, surface: surface, outcome: .retry(.manual))
}

/// `{"t":…,"surface":…,"deferred":"cooldown","until":…}`
func deferred(_ t: Double, _ surface: String, until: Double) -> Decision {
    Decision(t: t, surface: surface, outcome: .deferred(until: until))
}

let offlineError = NativeError.web(.turbo(.networkFailure))
let timeoutError = NativeError.web(.turbo(.timeout))

func presented(_ surface: String, _ error: NativeError = offlineError) -> PolicyInput {
    .presented(surface: surface, error: error)
}

let online = PolicyInput.path(online: true)
let offline = PolicyInput.path(online: false)
