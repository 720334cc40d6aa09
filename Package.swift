// swift-tools-version:6.0
import PackageDescription

// The arrows run one way:
//
//   PolicyCore ← OfflineBanner, NativeErrorPolicy ← LaunchPolicy, ArchiveCachePolicy   pure: no Foundation, no Glibc, no json-c
//        ↑
//   TurboRecording (reads and validates recordings; the only user of json-c)
//        ↑
//   Replay (drives the policies over records; says which policy reads which records)
//        ↑
//   Goldens (goldens and their diffs)   FieldReport (findings, stats, pictures)
//        ↑
//   turbo-replay (the command line: thin commands)
let package = Package(
    name: "TurboReplay",
    products: [
        // The pure cores: an app's own targets link these without json-c or Foundation.
        .library(name: "PolicyCore", targets: ["PolicyCore"]),
        .library(name: "OfflineBanner", targets: ["OfflineBanner"]),
        .library(name: "NativeErrorPolicy", targets: ["NativeErrorPolicy"]),
        .library(name: "LaunchPolicy", targets: ["LaunchPolicy"]),
        .library(name: "ArchiveCachePolicy", targets: ["ArchiveCachePolicy"]),
        // The shell, for tools and tests that read recordings from files.
        .library(name: "TurboRecording", targets: ["TurboRecording"]),
        .library(name: "Replay", targets: ["Replay"]),
        .executable(name: "turbo-replay", targets: ["turbo-replay"]),
    ],
    targets: [
        .target(name: "PolicyCore"),
        .target(name: "OfflineBanner", dependencies: ["PolicyCore"]),
        .target(name: "NativeErrorPolicy", dependencies: ["PolicyCore"]),
        // The launch reuses the error view's classification for `presented`, and nothing else of it.
        .target(name: "LaunchPolicy", dependencies: ["PolicyCore", "NativeErrorPolicy"]),
        // The web-archive cache reads the error view's classification to tell offline failures.
        .target(name: "ArchiveCachePolicy", dependencies: ["PolicyCore", "NativeErrorPolicy"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "TurboRecording", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "CJSONC"]),
        .target(name: "Replay", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording"]),
        .target(name: "Goldens", dependencies: ["OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay"]),
        .target(name: "FieldReport", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay"]),
        .executableTarget(
            name: "turbo-replay",
            dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay", "Goldens", "FieldReport"]
        ),

        // Tests mirror the targets. TestSupport holds what several of them share: paths into the
        // repository, scratch files, running the built CLI, the seeded recording generator.
        .target(name: "TestSupport", dependencies: ["OfflineBanner", "NativeErrorPolicy", "TurboRecording", "Replay"], path: "Tests/TestSupport"),
        .testTarget(name: "PolicyCoreTests", dependencies: ["PolicyCore", "TurboRecording"]),
        .testTarget(name: "OfflineBannerTests", dependencies: ["OfflineBanner", "PolicyCore"]),
        .testTarget(name: "NativeErrorPolicyTests", dependencies: ["NativeErrorPolicy", "PolicyCore"]),
        .testTarget(name: "LaunchPolicyTests", dependencies: ["LaunchPolicy", "NativeErrorPolicy", "PolicyCore"]),
        .testTarget(name: "ArchiveCachePolicyTests", dependencies: ["ArchiveCachePolicy", "NativeErrorPolicy", "PolicyCore"]),
        .testTarget(name: "TurboRecordingTests", dependencies: ["TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "ArchiveCachePolicy", "PolicyCore", "TestSupport"]),
        .testTarget(name: "GoldensTests", dependencies: ["Goldens", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TestSupport", "turbo-replay"]),
        .testTarget(name: "FieldReportTests", dependencies: ["FieldReport", "Goldens", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "turbo-replay"]),
        // Depends on every library so that the docs' Swift snippets type-check against them all.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport", "turbo-replay", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore", "TurboRecording", "Replay"]),
    ]
)
