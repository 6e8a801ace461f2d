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

    /// A mantissa in [1, 2) (52 random bits), a power of two from 2^-40 to 2^40, either sign; shrinks towards 1.
    static let everyMagnitude = Gens.zip(Gens.uint64(0...(1 << 52) - 1), Gens.int(-40...40), Gens.bool)
        .map { bits, power, negative in
            (negative ? -1 : 1) * (1 + Double(bits) / Double(1 << 52)) * Double(sign: .plus, exponent: power, significand: 1)
        }

    /// Whether Swift's shortest description of `value` ends on a 5 at the seventh significant digit: the one case
    /// (with subnormals) where `UISVNumber` is documented to differ from `%g`, which rounds the exact binary value
    /// (2^-9 = 0.001953125: `%g` writes 0.00195312, `UISVNumber` 0.00195313).
    static func endsOnAFiveAtTheSeventhDigit(_ value: Double) -> Bool {
        let mantissa = value.magnitude.description.prefix { $0 != "e" }
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }
        return digits.count == 7 && digits.first == "5"
    }

    /// The property: `format` writes every value as printf's `%g` does, but for the documented exception.
    static func formatsLikePrintf(_ id: String, _ format: @escaping @Sendable (Double) -> String) -> Property<Double> {
        Property(id, everyMagnitude) { value, tc in
            try tc.assume(!Self.endsOnAFiveAtTheSeventhDigit(value))
            let mine = format(value), expected = Self.printf(value)
            try require(mine == expected, "\(value) is written \(mine), %g writes \(expected)")
        }
    }

    @Test func randomValuesOfEveryMagnitude() async {
        await checkProperty(Self.formatsLikePrintf("uisv.number.format") { UISVNumber.format($0) },
                            configuration: ReferenceScenarios.configuration(seed: 7, cases: 5_000))
    }

    /// A wrong format: five significant digits where `%g` writes six. The property must catch it.
    @Test func fiveSignificantDigitsAreCaught() async {
        let report = await PropertyRunner.run(Self.formatsLikePrintf("uisv.mutant.fiveDigits") {
            $0 == 0 ? "0" : String(format: "%.5g", $0)
        }, configuration: Configuration(seed: 0, cases: 5_000))
        #expect(report.status == .failed)
    }
}
