// swift-tools-version: 6.0
import PackageDescription

// Benchmarks for ObservationToken against a hand-written floor, Swift's Observation,
// OpenCombine, Foundation's NotificationCenter (events) and a naive registry. See README.md.
let package = Package(
  name: "ObservationBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // The library in the enclosing repository. Named explicitly, so the product reference
    // below does not depend on the name of the folder the repository is cloned into.
    .package(name: "ObservationToken", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(
      name: "ObservationBenchmarks",
      dependencies: [
        .product(name: "ObservationToken", package: "ObservationToken"),
        .product(name: "OpenCombine", package: "OpenCombine"),
        "CMallocInfo",
        "BenchmarkModels",
      ],
      // No merging of functions that differ only in constants: two subjects' identical
      // specializations (two model classes observed the same way) would become one
      // function called through thunks, and each subject's figure would depend on which
      // others the binary measures.
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-llvm-merge-functions-pass"])]
    ),
    // Models declared in a module of their own, as apps keep them, and the same mutations
    // made in it: the cross-module cases compare them with mutations from the benchmark.
    .target(
      name: "BenchmarkModels",
      dependencies: [.product(name: "ObservationToken", package: "ObservationToken")],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-llvm-merge-functions-pass"])]
    ),
    // A header-only module exposing glibc's <malloc.h> (mallinfo2), which the Glibc
    // module Swift ships does not include. Nothing is compiled or linked for it.
    .systemLibrary(name: "CMallocInfo"),
  ],
  swiftLanguageModes: [.v6]
)
