import ArchiveCachePolicy
import LaunchPolicy
import NativeErrorPolicy
import OfflineBanner

// One timeline from each pure policy, printed as their canonical lines. Rounding times
// (PolicyCore's `rounded()`) is what needs libm on Linux.
let banner = OfflineBanner().timeline(of: [(t: 0, input: .connect()), (100, .offline), (1250.5, .online)])
for record in banner { print(record) }

let retries = RetryPolicy().timeline(of: [(t: 0, input: .path(online: false)), (10, .presented(surface: "main", error: .web(.code(-1009))))])
print("native: \(retries.count) decision(s)")

let launch = LaunchPolicy().timeline(of: [(t: 0, input: .launch())])
print("launch: \(launch.count) record(s)")

let archive = ArchiveCache().timeline(of: [(t: 0, input: .launch)])
print("archive: \(archive.count) decision(s)")

// Time going back is a programming error: the process stops, naming both times, in a release
// build too (script/pure-products-test builds this one in release and reads the message).
if CommandLine.arguments.dropFirst().first == "back-in-time" {
    var policy = OfflineBanner()
    policy.send(.connect(), at: 6000)
    policy.send(.offline, at: max(1000, policy.now))  // guarded: sent at 6000
    policy.send(.online, at: 1000)
}
