// swift-tools-version:6.0
import PackageDescription

// An app that links only the pure products, as an iOS target would: no Foundation, no json-c.
// script/pure-products-test builds it and runs it, so the pure products are known to link alone.
let package = Package(
    name: "PureProducts",
    dependencies: [.package(name: "TurboReplay", path: "../..")],
    targets: [
        .executableTarget(name: "PureProducts", dependencies: [
            .product(name: "PolicyCore", package: "TurboReplay"),
            .product(name: "OfflineBanner", package: "TurboReplay"),
            .product(name: "NativeErrorPolicy", package: "TurboReplay"),
            .product(name: "LaunchPolicy", package: "TurboReplay"),
            .product(name: "ArchiveCachePolicy", package: "TurboReplay"),
        ]),
    ]
)
