import Foundation
import Testing
import PropertyCheck
@testable import StackLayout

/// `stackcheck constraints` prints numbers as UIKit does, with C's `%g`; StackLayout writes it without Foundation.
/// Foundation's `String(format:)` (libc's printf) is the oracle here.
@Suite struct UISVNumberTests {
    static func printf(_ value: Double) -> String { value == 0 ? "0" : String(format: "%g", value) }

    @Test func constantsOfTheConstraintCatalogue() {
        let values: [Double] = [1, -1, 0.5, 2, 8, 10, 12.5, 25, 49, 51, 150, 999, 999.5, 1000, 100_000, 999_999,
                                999_999.4, 999_999.5, 1_000_000, 2_777_777, -2_777_777, 1.0 / 3, 2.0 / 3, 0.1, 0.001,
                                0.0001, 0.00001, 1e-7, 123_456.7, 1e20, 1.5e-20, -0.25, .leastNormalMagnitude,
                                .greatestFiniteMagnitude]
        for v in values { #expect(UISVNumber.format(v) == Self.printf(v), "\(v)") }
    }

    @Test func randomValuesOfEveryMagnitude() {
        var random = Xoshiro256StarStar(seed: 7)
        for _ in 0..<5_000 {
            // A mantissa in [1, 2), a power of two from 2^-40 to 2^40, either sign.
            let bits = random.next()
            let mantissa = 1 + Double(bits >> 12) / Double(1 << 52)
            let power = Int(bits & 0x7f) % 81 - 40
            let value = (bits & 0x80 == 0 ? 1 : -1) * mantissa * Double(sign: .plus, exponent: power, significand: 1)
            #expect(UISVNumber.format(value) == Self.printf(value), "\(value)")
        }
    }
}
