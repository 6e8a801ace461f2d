import Foundation
import Testing
import PropertyCheck

// The fuzz target of the DocC article "Fuzzing a property", compiled and run here. In a test bundle nothing calls
// `LLVMFuzzerTestOneInput` (no libFuzzer is linked); the test below calls the function as libFuzzer would.

/// Writing numbers as text and reading them back gives the numbers.
let numbersAsText = Property("example.numbersAsText", Gens.array(Gens.int(-1000...1000))) { numbers, _ in
    let text = numbers.map(String.init).joined(separator: ",")
    let read = text.split(separator: ",").compactMap { Int($0) }
    try require(read == numbers, "\(numbers) read back as \(read)")
}

/// libFuzzer calls this with each input it makes; the bytes are the property's choices.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumbersAsText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    PropertyRunner.fuzzOneInput(numbersAsText, data, size)
}

@Suite struct FuzzExampleTests {
    /// The article's target accepts every input libFuzzer could give it (the property holds), on a thread of its
    /// own as libFuzzer's; its bytes make the lists the property's generator makes.
    @Test func theArticlesTargetRunsOnInputs() async throws {
        let inputs: [[UInt8]] = [[], [1, 0x00, 0x07, 0], [1, 0x03, 0xE8, 1, 1, 0x00, 0x02, 1, 0], Array(repeating: 0x5A, count: 4096)]
        for input in inputs {
            let status = await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: input.withUnsafeBufferPointer { fuzzNumbersAsText($0.baseAddress, $0.count) })
                }.start()
            }
            #expect(status == 0, "input \(input.prefix(16))")
        }
        // Per number: a "more" flag (1 byte), a magnitude (2 bytes for 1000), a sign (1 byte, 1 = below 0).
        let outcome = await PropertyRunner.fuzz(numbersAsText, input: [1, 0x03, 0xE8, 0, 1, 0x00, 0x01, 1])
        guard case .passed = outcome else { Issue.record("the property failed: \(outcome)"); return }
        #expect(try numbersAsText.generator.run(TestCase.reading([1, 0x03, 0xE8, 0, 1, 0x00, 0x01, 1])) == [1000, -1])
    }
}
