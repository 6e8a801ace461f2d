import Foundation
import Testing
import StackConformance
import StackLayout

@Suite struct RegressionStoreTests {
    /// An external engine's hello name is whatever it says: a `/` or a space must not leave the directory or break
    /// the file name, and the saved case loads back.
    @Test func engineNamesAreSafeInFileNames() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/regressions-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = Scenario(stack: Stack(arrangedSubviews: [.view("a", width: 10, height: 10)]))
        let regression = RegressionCase(property: "alignment.center", engine: "../my engine/2", suiteVersion: "0.1.0",
                                        token: "0000000000000000", scenario: scenario)
        let path = try RegressionStore.save(regression, directory: directory)
        #expect((path as NSString).deletingLastPathComponent == directory)
        #expect((path as NSString).lastPathComponent.hasPrefix("alignment.center--.._my_engine_2--"))
        let loaded = try RegressionStore.load(directory: directory)
        #expect(loaded.count == 1 && loaded.first?.engine == "../my engine/2")
    }
}
