#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackFuzzing

/// The target STACKCHECK_FUZZ_TARGET names; the process stops at once when it names none.
let target: FuzzTarget = {
    let name = getenv("STACKCHECK_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.named(name) else {
        fatalError("STACKCHECK_FUZZ_TARGET must name a target: " + FuzzTargets.all.map(\.name).joined(separator: ", "))
    }
    return target
}()

/// libFuzzer's entry point: one input, checked by the target's check (`FuzzTargets.testOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTargets.testOneInput(target, data, size)
}
