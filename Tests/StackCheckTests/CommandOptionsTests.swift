import Testing
@testable import StackCheckCommands

/// Each command's typed options are read from its spec (the one `--help` prints) by the spec's option names: every
/// option and flag a command declares is read, and it reads none it does not declare. Short names are unique
/// within a command, never `-h`, shown in the help, and give what the long names give.
@Suite struct CommandOptionsTests {
    @Test func everyCommandReadsExactlyTheOptionsItDeclares() throws {
        for command in StackCheck.commands {
            let positionals = command.spec.positionals.filter { !$0.optional }.map { "<\($0.name)>" }
            var reader = OptionReader(try ParsedArguments(positionals, spec: command.spec))
            _ = try command.options.init(&reader)
            #expect(reader.read.sorted() == command.spec.declaredNames.sorted(), "\(command.spec.name)")
            #expect(Set(reader.read).count == reader.read.count, "\(command.spec.name) reads an option twice")
        }
    }

    @Test func shortNamesAreUniqueAndShownInTheHelp() {
        for command in StackCheck.commands {
            let spec = command.spec
            let shorts = spec.options.compactMap(\.short) + spec.flags.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(spec.name): \(shorts)")
            #expect(!shorts.contains("h"), "\(spec.name): -h is help")
            for o in spec.options { if let s = o.short { #expect(spec.helpText.contains("  -\(s), --\(o.name) <\(o.valueName)>")) } }
            for f in spec.flags { if let s = f.short { #expect(spec.helpText.contains("  -\(s), --\(f.name) ")) } }
        }
    }

    @Test func aShortNameGivesWhatItsLongNameGives() throws {
        let short = try RenderCommand.Options(parsing: ParsedArguments(["f.json", "-o", "x.svg", "-e", "direct"], spec: RenderCommand.spec))
        #expect(short.output == "x.svg" && short.engine.engine == "direct")
        let run = try RunCommand.Options(parsing: ParsedArguments(["-n", "7", "-s", "a", "-p", "hidden", "-p", "spacing", "-j", "2", "-v"],
                                                                  spec: RunCommand.spec))
        let long = try RunCommand.Options(parsing: ParsedArguments(["--cases", "7", "--seed", "a", "--property", "hidden",
                                                                    "--property", "spacing", "--jobs", "2", "--verbose"],
                                                                   spec: RunCommand.spec))
        #expect(run.cases == 7 && run.seed == 0xa && run.properties == ["hidden", "spacing"] && run.jobs == 2 && run.verbose)
        #expect(long.cases == run.cases && long.seed == run.seed && long.properties == run.properties
                && long.jobs == run.jobs && long.verbose == run.verbose)
    }

    /// A short name is a name of its command only: `-o` is `render`'s; elsewhere it is an unknown option, and
    /// `-o=FILE` is not a short option.
    @Test func aShortNameBelongsToItsCommand() {
        #expect(throws: UsageError.self) { try ParsedArguments(["-o", "x.svg"], spec: LayoutCommand.spec) }
        #expect(throws: UsageError.self) { try ParsedArguments(["f.json", "-o=x.svg"], spec: RenderCommand.spec) }
    }
}
