// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ObservationToken",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "ObservationToken", targets: ["ObservationToken"])
  ],
  targets: [
    // INVARIANTS.md is for readers of the source, not a resource.
    .target(name: "ObservationToken", exclude: ["INVARIANTS.md"]),
    .executableTarget(
      name: "Playgrounds",
      dependencies: ["ObservationToken", .target(name: "KVOShim", condition: .when(platforms: [.linux]))],
      path: "Playgrounds",
      // On Linux the KVO walkthrough runs the bridge's source (linked into Playgrounds/KVOBridge)
      // against the model of KVO: in debug builds only, where the library is compiled for
      // testing (the copy reaches its internals with @testable import).
      swiftSettings: [
        .define("KVO_BRIDGE_COPY"), .define("KVO_SHIM", .when(platforms: [.linux], configuration: .debug)),
      ]
    ),
    .testTarget(name: "ObservationTokenTests", dependencies: ["ObservationToken"]),
    // A model of Apple's KVO for Linux, which has none: the same declarations, the same
    // behaviour and sharp edges. Test-only (never a product); compiled empty on Apple.
    .target(name: "KVOShim", path: "Tests/Support/KVOShim", exclude: ["README.md"]),
    // The Apple KVO bridge's tests. On Apple they run against real Foundation and the
    // library's bridge; on Linux the bridge's source (linked into Tests/KVOBridgeTests/Bridge)
    // is compiled here against the model (KVO_SHIM).
    .testTarget(
      name: "KVOBridgeTests",
      dependencies: ["ObservationToken", .target(name: "KVOShim", condition: .when(platforms: [.linux]))],
      swiftSettings: [.define("KVO_BRIDGE_COPY"), .define("KVO_SHIM", .when(platforms: [.linux]))]
    ),
  ],
  swiftLanguageModes: [.v6]
)
