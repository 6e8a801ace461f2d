#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackConformance

/// The `stackcheck` tool: dispatches to a command; `run` is the default when no command is given.
public enum StackCheck {
    public static func main(_ arguments: [String], console: Console) -> Int32 {
        return ExitStatus.success
    }
}

/// Ends the process with a status (re-exported so `main.swift` needs no platform import).
public func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
}
