import LaunchPolicy
import NativeErrorPolicy

// Shorthands so that the tests read like the contract's records and output lines.

func replay(_ records: [(t: Double, input: LaunchInput)], settings: LaunchSettings = LaunchSettings()) -> [LaunchRecord] {
    LaunchPolicy.timeline(of: records, settings: settings)
}

/// The policy after `records`, without `finish()`: its state at the last record.
func state(after records: [(t: Double, input: LaunchInput)], settings: LaunchSettings = LaunchSettings()) -> LaunchPolicy {
    var policy = LaunchPolicy(settings: settings)
    for (t, input) in records { policy.send(input, at: t) }
    return policy
}

/// `{"t":…,"screen":…,"cause":…}`
func screen(_ t: Double, _ screen: RootScreen, _ cause: ScreenCause) -> LaunchRecord {
    .screen(ScreenChange(t: t, screen: screen, cause: cause))
}

/// `{"t":…,"screen":"error","cause":"presented","surface":…,"view":…}`
func errorScreen(_ t: Double, _ surface: String = "tab:home", _ view: ErrorVariant = .offline) -> LaunchRecord {
    .screen(ScreenChange(t: t, screen: .error, cause: .presented(surface: surface, view: view)))
}

/// `{"t":…,"launch":"ready","launchMs":…}`
func ready(_ t: Double, _ launchMs: Double) -> LaunchRecord {
    .launch(LaunchDecision(t: t, outcome: .ready, launchMs: launchMs))
}

/// `{"t":…,"launch":"stalled","launchMs":…}`
func stalled(_ t: Double, _ launchMs: Double) -> LaunchRecord {
    .launch(LaunchDecision(t: t, outcome: .stalled, launchMs: launchMs))
}

let launch = LaunchInput.launch()
let relaunch = LaunchInput.launch(cold: false)
let connect = LaunchInput.pageLoadConnect
let gated = LaunchInput.config(offseason: true)
let open = LaunchInput.config(offseason: false)
let testerInOffseason = LaunchInput.config(offseason: true, tester: true)

let offlineError = NativeError.web(.code(-1009))

func presented(_ error: NativeError = offlineError, on surface: String = "tab:home") -> LaunchInput {
    .presented(surface: surface, error: error)
}
