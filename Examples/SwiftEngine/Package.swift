// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyStack",
    dependencies: [
        // A clone of StackConformance beside this package, in a folder named StackConformance (a path dependency's
        // package name is its folder's name). Or from its repository:
        // .package(url: "https://…/StackConformance.git", branch: "main"),
        .package(path: "../StackConformance"),
    ],
    targets: [
        // The engine needs only StackLayout: the model types and the LayoutEngine protocol.
        .target(name: "MyStack", dependencies: [.product(name: "StackLayout", package: "StackConformance")]),
        // `serve(MyStackEngine())`: the engine over the JSON line protocol, for `stackcheck` and its static binary.
        .executableTarget(name: "my-stack-engine",
                          dependencies: ["MyStack", .product(name: "StackLayout", package: "StackConformance")]),
        // The conformance tests need StackConformance too: the catalogue and expectConforms.
        .testTarget(name: "MyStackTests",
                    dependencies: ["MyStack", .product(name: "StackConformance", package: "StackConformance"),
                                   .product(name: "StackLayout", package: "StackConformance")]),
    ],
    swiftLanguageModes: [.v6]
)
