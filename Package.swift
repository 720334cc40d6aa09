// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TurboReplay",
    products: [
        // The pure core: an app's own test target links it without json-c or Foundation.
        .library(name: "OfflineBanner", targets: ["OfflineBanner"]),
        .library(name: "TurboRecording", targets: ["TurboRecording"]),
        .executable(name: "turbo-replay", targets: ["turbo-replay"]),
    ],
    targets: [
        .target(name: "OfflineBanner"),
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "TurboRecording", dependencies: ["OfflineBanner", "CJSONC"]),
        .target(name: "FieldReport", dependencies: ["TurboRecording", "OfflineBanner"]),
        .executableTarget(name: "turbo-replay", dependencies: ["TurboRecording", "OfflineBanner", "FieldReport"]),
        .testTarget(name: "OfflineBannerTests", dependencies: ["OfflineBanner"]),
        .testTarget(name: "TurboRecordingTests", dependencies: ["TurboRecording", "OfflineBanner", "turbo-replay"]),
        .testTarget(name: "FieldReportTests", dependencies: ["FieldReport", "TurboRecording", "OfflineBanner"]),
    ]
)
