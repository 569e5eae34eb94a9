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
    .executableTarget(name: "Playgrounds", dependencies: ["ObservationToken"], path: "Playgrounds"),
    .testTarget(name: "ObservationTokenTests", dependencies: ["ObservationToken"]),
    // A model of Apple's KVO for Linux, which has none: the same declarations, the same
    // behaviour and sharp edges. Test-only (never a product); compiled empty on Apple.
    .target(name: "KVOShim", path: "Tests/Support/KVOShim", exclude: ["README.md"]),
  ],
  swiftLanguageModes: [.v6]
)
