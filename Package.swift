// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TurboReplay",
    products: [
        // The pure cores: an app's own test target links these without json-c or Foundation.
        .library(name: "OfflineBanner", targets: ["OfflineBanner"]),
        .library(name: "NativeErrorPolicy", targets: ["NativeErrorPolicy"]),
        .library(name: "TurboRecording", targets: ["TurboRecording"]),
        .executable(name: "turbo-replay", targets: ["turbo-replay"]),
    ],
    targets: [
        .target(name: "OfflineBanner"),
        .target(name: "NativeErrorPolicy"),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "TurboRecording", dependencies: ["OfflineBanner", "NativeErrorPolicy", "CJSONC"]),
        .target(name: "FieldReport", dependencies: ["TurboRecording", "OfflineBanner"]),
        .executableTarget(name: "turbo-replay", dependencies: ["TurboRecording", "OfflineBanner", "NativeErrorPolicy", "FieldReport"]),
        .testTarget(name: "OfflineBannerTests", dependencies: ["OfflineBanner"]),
        .testTarget(name: "NativeErrorPolicyTests", dependencies: ["NativeErrorPolicy"]),
        .testTarget(name: "TurboRecordingTests", dependencies: ["TurboRecording", "OfflineBanner", "NativeErrorPolicy", "turbo-replay"]),
        .testTarget(name: "FieldReportTests", dependencies: ["FieldReport", "TurboRecording", "OfflineBanner"]),
    ]
)
