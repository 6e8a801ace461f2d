import StackCheckCommands

// Everything lives in StackCheckCommands so that tests can run each command in-process. The printed replay lines
// start with the program as invoked (`Invocation`), so they run where `swift` is absent (the static binary).
exit(await StackCheck.main(Array(CommandLine.arguments.dropFirst()), console: .standard, handlingSignals: true,
                           invocation: Invocation.words(programPath: CommandLine.arguments.first ?? "")))
