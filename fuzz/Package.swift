// swift-tools-version:6.0
// The libFuzzer target, kept out of the root package so that a plain `swift build` or
// `swift test` there never needs -sanitize=fuzzer. Built and run by fuzz/run.
import PackageDescription

let package = Package(
    name: "TurboReplayFuzz",
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's name, which
        // differs between clones and worktrees.
        .package(name: "TurboReplay", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzReplay",
            dependencies: [
                .product(name: "TurboRecording", package: "TurboReplay"),
                .product(name: "OfflineBanner", package: "TurboReplay"),
                .product(name: "Replay", package: "TurboReplay"),
                .product(name: "PolicyCore", package: "TurboReplay"),
                .product(name: "LaunchPolicy", package: "TurboReplay"),
                .product(name: "ArchiveCachePolicy", package: "TurboReplay"),
                .product(name: "AppSession", package: "TurboReplay"),
                .product(name: "NativeErrorPolicy", package: "TurboReplay"),
            ]
        ),
    ]
)
