import PropertyCheck
import XCTest

/// PropertyCheck from XCTest: run a property and fail the test with the report's message.
final class XCTestIntegrationTests: XCTestCase {
    func testPropertiesRunUnderXCTest() async {
        let passing = await PropertyRunner.run(Property("xctest.inRange", Gens.int(0...10)) { v, _ in
            try require((0...10).contains(v), "\(v) out of range")
        })
        XCTAssertTrue(passing.passed, passing.message)
        let failing = await PropertyRunner.run(Property("xctest.small", Gens.int(0...10)) { v, _ in
            try require(v < 5, "\(v) is not small")
        })
        XCTAssertEqual(failing.status, .failed)
        XCTAssertEqual(failing.counterexample?.shrunk, "5")
    }
}
