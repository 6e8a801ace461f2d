import Dispatch
import StackCheckCommands

// Everything lives in StackCheckCommands so that tests can run each command in-process. The printed replay lines
// start with the program as invoked (`Invocation`), so they run where `swift` is absent (the static binary).
//
// Synchronous top-level code on purpose: an async `main` ends the main thread in `dispatch_main` with
// `pthread_exit`, whose forced unwind first sorts every frame description of the executable, which dominates the
// start-up of the static build (Foundation and ICU linked in). The command runs on a thread of its own
// (`StackCheck.main`); nothing in the tool uses the main actor, so the main thread only waits.

/// The command's exit status, written by the task before it signals and read by the main thread after its wait.
final class StatusBox: @unchecked Sendable {
    var value: Int32 = 0
}

func runToCompletion(_ arguments: [String], invocation: [String]) -> Int32 {
    let status = StatusBox()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        status.value = await StackCheck.main(arguments, console: .standard, handlingSignals: true, invocation: invocation)
        done.signal()
    }
    done.wait()
    return status.value
}

exit(runToCompletion(Array(CommandLine.arguments.dropFirst()),
                     invocation: Invocation.words(programPath: CommandLine.arguments.first ?? "")))
