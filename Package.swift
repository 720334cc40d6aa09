// swift-tools-version:6.0
import PackageDescription

// The targets' dependencies below are the layout, and the only statement of it: LayoutTests
// reads them (swift package dump-package) and holds every target's imports to them.
// docs/architecture.md draws the picture.

/// The pure cores, in the order they build on one another.
let cores = ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "AppSession"]
/// What reads a recording and replays it: every core, the reader, the replay loops.
let replaying = cores + ["TurboRecording", "Replay"]
/// The findings of each layer.
let findings = ["BannerFindings", "NativeFindings"]

/// A target's dependencies: the modules of `groups`, each once, in order.
func on(_ groups: [String]...) -> [Target.Dependency] {
    var seen: Set<String> = []
    return groups.joined().filter { seen.insert($0).inserted }.map { .byName(name: $0) }
}

/// `group` without the modules `left` (a target that uses all of a group but these).
func except(_ group: [String], _ left: String...) -> [String] { group.filter { !left.contains($0) } }

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
        // Its uploader to the collector (Foundation's URLSession; FoundationNetworking on Linux).
        .library(name: "TurboReplayLogUpload", targets: ["TurboReplayLogUpload"]),
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
        // Sends the logger's closed files to the collector; apart, so that the logger alone needs no
        // networking.
        .target(
            name: "TurboReplayLogUpload",
            dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),
        // SHA-256 on Linux; Apple's platforms hash with CryptoKit.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "TurboRecording", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "CJSONC"]),
        .target(name: "Replay", dependencies: on(cores, ["TurboRecording"])),
        .target(name: "Goldens", dependencies: on(except(replaying, "LaunchPolicy", "ArchiveCachePolicy"), ["PolicyRegistry", "Reports"])),
        // Findings per layer: the banner's, and the native ones (error view, launch, archive).
        .target(name: "BannerFindings", dependencies: ["PolicyCore", "OfflineBanner", "TurboRecording", "Replay"]),
        .target(name: "NativeFindings", dependencies: ["PolicyCore", "NativeErrorPolicy", "LaunchPolicy", "ArchiveCachePolicy", "TurboRecording", "Replay"]),
        // The registry of policies: each one's goldens, keys and findings, the findings as the
        // analyses above declare them.
        .target(
            name: "PolicyRegistry",
            dependencies: ["PolicyCore", "NativeErrorPolicy", "AppSession", "TurboRecording", "Replay", "BannerFindings", "NativeFindings"]),
        // Many logs at once: per-file results, distributions, partials.
        .target(name: "Fleet", dependencies: on(except(replaying, "LaunchPolicy"), findings, ["PolicyRegistry"])),
        // What a variant of the banner, or other timings, would have shown.
        .target(
            name: "VariantAnalysis", dependencies: ["PolicyCore", "OfflineBanner", "NativeErrorPolicy", "TurboRecording", "Replay", "BannerFindings", "Fleet"]),
        // Text and JSON for people and scripts.
        .target(name: "Reports", dependencies: on(replaying, findings, ["PolicyRegistry", "Fleet", "VariantAnalysis"])),
        // Every SVG picture, and the HTML report (its script and style are Page/'s files, embedded
        // by script/html-assets as HTMLAssets.swift).
        .target(
            name: "Pictures", dependencies: on(except(cores, "ArchiveCachePolicy"), ["TurboRecording", "Replay"], findings, ["PolicyRegistry", "VariantAnalysis", "Reports"]),
            exclude: ["Page"]),
        // The command line, every subcommand: a library, so that tests run it in their own process.
        .target(
            name: "TurboReplayCLI", dependencies: on(replaying, ["Goldens"], findings, ["PolicyRegistry", "Fleet", "VariantAnalysis", "Reports", "Pictures"])),
        // The tool: `argv` and the process's standard streams handed to TurboReplayCLI.
        .executableTarget(name: "turbo-replay", dependencies: ["TurboRecording", "TurboReplayCLI"]),
        // Write the files made from the code, as script/refresh-docs runs them: the banner detectors'
        // composition, read from the detector files as text by a module that depends on nothing,
        // so that it builds while the detectors do not compile together (`compose-detectors`);
        // then each policy's table of findings, from the findings' declarations (`generate-docs`).
        // GeneratedDetectorsTests and GeneratedDocsTests hold the files to them.
        .target(name: "DetectorComposition"),
        .executableTarget(name: "compose-detectors", dependencies: ["DetectorComposition"]),
        .executableTarget(name: "generate-docs", dependencies: ["PolicyRegistry"]),
        // What `stats --merge`, `tune --merge` and the config files read, as a fuzz target:
        // fuzz/run builds it with libFuzzer; built plainly, it runs the files it is given once.
        .executableTarget(name: "FuzzInputs", dependencies: ["TurboRecording", "Fleet", "VariantAnalysis", "Goldens"]),

        // Tests mirror the targets. TestSupport holds what several of them share: paths into the
        // repository, scratch files, the command line run in the test's process (TurboReplayCLI)
        // or as the built tool, the seeded recording generator.
        .target(
            name: "TestSupport", dependencies: ["AppSession", "OfflineBanner", "NativeErrorPolicy", "TurboRecording", "TurboReplayCLI", "Replay"],
            path: "Tests/TestSupport"),
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
            dependencies: on(["Goldens", "PolicyRegistry"], except(replaying, "PolicyCore", "AppSession"), ["TestSupport", "turbo-replay"])),
        // What reads a recording through several analysis modules at once (findings, fleet,
        // variants, reports, pictures); each module's own tests are in its own target below.
        .testTarget(
            name: "AnalysisTests",
            dependencies: on(
                findings, ["PolicyRegistry", "Fleet", "VariantAnalysis", "Reports", "Pictures", "Goldens"], except(replaying, "AppSession"), ["TestSupport"])),
        // The command line run in the test's process (TestSupport's `turboReplay`), and the built
        // tool for what needs a process of its own: signals, another user, the process's standard streams.
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "TurboReplayCLI", "TurboRecording", "Replay", "PolicyRegistry", "turbo-replay"]),
        // Depends on every library so that the docs' Swift snippets type-check against them all.
        .testTarget(
            name: "RepositoryTests", dependencies: on(["TestSupport", "turbo-replay"], except(replaying, "AppSession"), ["PolicyRegistry", "TurboReplayLog", "DetectorComposition"])),
        // One app session: the web recording and the native log on one clock (pure, like the policies).
        .testTarget(
            name: "AppSessionTests",
            dependencies: ["AppSession", "Replay", "Reports", "TurboRecording", "OfflineBanner", "NativeErrorPolicy", "PolicyCore", "TestSupport"]),
        // Each banner finding's detector on its own, one test per row of what raises it.
        .testTarget(name: "BannerFindingsTests", dependencies: ["BannerFindings", "OfflineBanner"]),
        // The pictures' lanes, each drawn from known marks.
        .testTarget(
            name: "PicturesTests",
            dependencies: [
                "Pictures", "BannerFindings", "OfflineBanner", "NativeErrorPolicy", "LaunchPolicy", "AppSession", "PolicyCore", "TurboRecording", "Replay",
                "PolicyRegistry", "TestSupport",
            ]),
        // The report wording, tested straight, without running the CLI.
        .testTarget(name: "ReportsTests", dependencies: on(["Reports"], findings, ["Fleet", "VariantAnalysis"], cores, ["TurboRecording"])),
        // The native findings (retry, launch, archive), each analyzer on its own logs.
        .testTarget(
            name: "NativeFindingsTests", dependencies: on(["NativeFindings"], except(replaying, "OfflineBanner", "AppSession"), ["TestSupport"])),
        // Many logs at once: the sketch, the distributions, the partials and their merge.
        .testTarget(name: "FleetTests", dependencies: on(["Fleet", "PolicyRegistry"], findings, except(replaying, "LaunchPolicy"), ["TestSupport"])),
        // What a variant or other timings would have shown, on hand-made records.
        .testTarget(
            name: "VariantAnalysisTests",
            dependencies: [
                "VariantAnalysis", "Fleet", "BannerFindings", "TurboRecording", "Replay", "OfflineBanner", "NativeErrorPolicy", "PolicyCore", "TestSupport",
            ]),
        // The app's logger: its lines, drops, rotation and crash safety; and the driver of the
        // shared script of calls that the Kotlin logger runs too (android/test compares them).
        .executableTarget(name: "log-script", dependencies: ["TurboReplayLog", "TurboReplayLogUpload", "NativeErrorPolicy", "PolicyCore"], path: "Tests/LogScript"),
        .testTarget(
            name: "TurboReplayLogTests",
            dependencies: ["TurboReplayLog", "TurboReplayLogUpload", "NativeErrorPolicy", "TestSupport", "turbo-replay", "log-script"]),
    ]
)
