// swift-tools-version:6.0
import PackageDescription

// The targets' dependencies below are the layout, and the only statement of it: LayoutTests
// reads them (swift package dump-package) and holds every target's imports to them.
// docs/architecture.md draws the picture.
let package = Package(
    name: "TurboReplay",
    products: [
        // The pure cores: an app's own targets link these without json-c or Foundation.
        .library(name: "PolicyCore", targets: ["PolicyCore"]),
        .library(name: "OfflineBanner", targets: ["OfflineBanner"]),
        .library(name: "NativeErrorPolicy", targets: ["NativeErrorPolicy"]),
        .library(name: "LaunchPolicy", targets: ["LaunchPolicy"]),
        .library(name: "ArchiveCachePolicy", targets: ["ArchiveCachePolicy"]),
        .library(name: "AppSession", targets: ["AppSession"]),
        // The app's own logger, in the native format (Foundation, no UIKit: tested on Linux).
        .library(name: "TurboReplayLog", targets: ["TurboReplayLog"]),
        // The shell, for tools and tests that read recordings from files.
        .library(name: "TurboRecording", targets: ["TurboRecording"]),
        .library(name: "Replay", targets: ["Replay"]),
        .executable(name: "turbo-replay", targets: ["turbo-replay"]),
    ],
    targets: [
        // `rounded()` is libm's on Linux; Foundation pulls libm in for a test target, but an app that
        // links only the pure products has nothing else that asks for it.
        .target(name: "PolicyCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "OfflineBanner", dependencies: ["PolicyCore"]),
        .target(name: "NativeErrorPolicy", dependencies: ["PolicyCore"]),
        // The launch reuses the error view's classification for `presented`, and nothing else of it.
        .target(name: "LaunchPolicy", dependencies: ["PolicyCore", "NativeErrorPolicy"]),
        // The web-archive cache reads the error view's classification to tell offline failures.
        .target(name: "ArchiveCachePolicy", dependencies: ["PolicyCore", "NativeErrorPolicy"]),
        // One app session: the page's banner and the app's error views on one clock.
        .target(name: "AppSession", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy"]),
        // The app's logger: Foundation and the pure cores, never json-c or the shell.
        .target(name: "TurboReplayLog", dependencies: ["PolicyCore", "NativeErrorPolicy"]),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "TurboRecording", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "CJSONC"]),
        .target(
            name: "Replay",
            dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "AppSession"]),
        .target(
            name: "Goldens",
            dependencies: [
                "PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "AppSession", "TurboRecording", "Replay",
                "PolicyRegistry", "Reports",
            ]),
        // Findings per layer: the banner's, and the native ones (error view, launch, archive).
        .target(name: "BannerFindings", dependencies: ["PolicyCore", "OfflineBanner", "TurboRecording", "Replay"]),
        .target(name: "NativeFindings", dependencies: ["PolicyCore", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay"]),
        // The registry of policies: each one's goldens, keys and findings, the findings as the
        // analyses above declare them.
        .target(
            name: "PolicyRegistry",
            dependencies: ["PolicyCore", "NativeErrorPolicy", "AppSession", "TurboRecording", "Replay", "BannerFindings", "NativeFindings"]),
        // Many logs at once: per-file results, distributions, partials.
        .target(
            name: "Fleet",
            dependencies: [
                "PolicyCore", "OfflineBanner", "NativeErrorPolicy", "ArchiveCachePolicy", "AppSession", "TurboRecording", "Replay", "BannerFindings",
                "NativeFindings",
            ]),
        // What a variant of the banner, or other timings, would have shown.
        .target(
            name: "VariantAnalysis", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "TurboRecording", "Replay", "BannerFindings", "Fleet"]),
        // Text and JSON for people and scripts.
        .target(
            name: "Reports",
            dependencies: [
                "PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "AppSession", "TurboRecording", "BannerFindings",
                "NativeFindings", "Fleet", "VariantAnalysis", "Replay",
            ]),
        // Every SVG picture.
        .target(
            name: "Pictures",
            dependencies: [
                "PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "AppSession", "TurboRecording", "BannerFindings", "NativeFindings",
                "VariantAnalysis", "Reports",
            ]),
        .executableTarget(
            name: "turbo-replay",
            dependencies: [
                "PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "AppSession", "TurboRecording", "Replay", "Goldens",
                "BannerFindings", "NativeFindings", "PolicyRegistry", "Fleet", "VariantAnalysis", "Reports", "Pictures",
            ]
        ),
        // Writes the parts of docs/ made from the code (each policy's table of findings, from the
        // findings' declarations): `swift run generate-docs`; GeneratedDocsTests holds docs/ to it.
        .executableTarget(name: "generate-docs", dependencies: ["PolicyRegistry"]),
        // What `stats --merge`, `tune --merge` and the config files read, as a fuzz target:
        // fuzz/run builds it with libFuzzer; built plainly, it runs the files it is given once.
        .executableTarget(name: "FuzzInputs", dependencies: ["TurboRecording", "Fleet", "VariantAnalysis"]),

        // Tests mirror the targets. TestSupport holds what several of them share: paths into the
        // repository, scratch files, running the built CLI, the seeded recording generator.
        .target(name: "TestSupport", dependencies: ["AppSession", "OfflineBanner", "NativeErrorPolicy", "TurboRecording", "Replay"], path: "Tests/TestSupport"),
        .testTarget(name: "PolicyCoreTests", dependencies: ["PolicyCore", "TurboRecording"]),
        .testTarget(name: "OfflineBannerTests", dependencies: ["OfflineBanner", "PolicyCore"]),
        .testTarget(name: "NativeErrorPolicyTests", dependencies: ["NativeErrorPolicy", "PolicyCore"]),
        .testTarget(name: "LaunchPolicyTests", dependencies: ["LaunchPolicy", "NativeErrorPolicy", "PolicyCore"]),
        .testTarget(name: "ArchiveCachePolicyTests", dependencies: ["ArchiveCachePolicy", "NativeErrorPolicy", "PolicyCore"]),
        .testTarget(
            name: "TurboRecordingTests",
            dependencies: ["TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "ArchiveCachePolicy", "PolicyCore", "TestSupport"]),
        .testTarget(
            name: "GoldensTests",
            dependencies: [
                "Goldens", "PolicyRegistry", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy",
                "TestSupport", "turbo-replay",
            ]),
        // What reads a recording through several analysis modules at once (findings, fleet,
        // variants, reports, pictures); each module's own tests are in its own target below.
        .testTarget(
            name: "AnalysisTests",
            dependencies: [
                "BannerFindings", "NativeFindings", "PolicyRegistry", "Fleet", "VariantAnalysis", "Reports", "Pictures", "Goldens", "TurboRecording", "Replay",
                "OfflineBanner",
                "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore", "TestSupport",
            ]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "turbo-replay"]),
        // Depends on every library so that the docs' Swift snippets type-check against them all.
        .testTarget(
            name: "RepositoryTests",
            dependencies: [
                "TestSupport", "turbo-replay", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore", "TurboRecording",
                "Replay", "PolicyRegistry", "TurboReplayLog",
            ]),
        // One app session: the web recording and the native log on one clock (pure, like the policies).
        .testTarget(
            name: "AppSessionTests",
            dependencies: ["AppSession", "Replay", "Reports", "TurboRecording", "OfflineBanner", "NativeErrorPolicy", "PolicyCore", "TestSupport"]),
        // Each banner finding's detector on its own, one test per row of what raises it.
        .testTarget(name: "BannerFindingsTests", dependencies: ["BannerFindings", "OfflineBanner"]),
        // The pictures' lanes, each drawn from known marks.
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "BannerFindings", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "AppSession", "TurboRecording"]),
        // The report wording, tested straight, without running the CLI.
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "BannerFindings", "NativeFindings", "Fleet", "VariantAnalysis", "AppSession", "TurboRecording", "OfflineBanner",
                "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore",
            ]),
        // The native findings (retry, launch, archive), each analyzer on its own logs.
        .testTarget(
            name: "NativeFindingsTests",
            dependencies: [
                "NativeFindings", "TurboRecording", "Replay", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "PolicyCore", "TestSupport",
            ]),
        // Many logs at once: the sketch, the distributions, the partials and their merge.
        .testTarget(
            name: "FleetTests",
            dependencies: [
                "Fleet", "BannerFindings", "NativeFindings", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "ArchiveCachePolicy",
                "PolicyCore", "TestSupport", "AppSession",
            ]),
        // What a variant or other timings would have shown, on hand-made records.
        .testTarget(
            name: "VariantAnalysisTests",
            dependencies: [
                "VariantAnalysis", "Fleet", "BannerFindings", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "PolicyCore", "TestSupport",
            ]),
        // The app's logger: its lines, drops, rotation and crash safety; and the driver of the
        // shared script of calls that the Kotlin logger runs too (android/test compares them).
        .executableTarget(name: "log-script", dependencies: ["TurboReplayLog", "NativeErrorPolicy", "PolicyCore"], path: "Tests/LogScript"),
        .testTarget(name: "TurboReplayLogTests", dependencies: ["TurboReplayLog", "NativeErrorPolicy", "TestSupport", "turbo-replay", "log-script"]),
    ]
)
