// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TurboReplay",
    products: [
        // The pure cores: an app's own test target links these without json-c or Foundation.
        .library(name: "OfflineBanner", targets: ["OfflineBanner"]),
    ],
    targets: [
        .target(name: "OfflineBanner"),
    ]
)
