import StackCheckCommands

// Everything lives in StackCheckCommands so that tests can run each command in-process.
exit(await StackCheck.main(Array(CommandLine.arguments.dropFirst()), console: .standard, handlingSignals: true))
