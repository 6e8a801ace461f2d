import StackConformance
import StackLayout

/// `--engine NAME`, `--engine-command CMD`, `--timeout S` and `--start-timeout S`, shared by every command that lays
/// out: a built-in engine (or a mutant) in-process, or an external engine over ENGINE-PROTOCOL.md. The values are
/// kept as given; `EngineSelection.make` checks them when it starts the engine, so that a command reports its own
/// usage errors first.
struct EngineOptions: CommandOptions {
    enum Name: String, OptionName {
        case engine
        case engineCommand = "engine-command"
        case timeout
        case startTimeout = "start-timeout"
    }

    static let options: [CommandSpec.Option] = [
        .init(Name.engine, short: "e", valueName: "engine", help: "reference, direct or mutant:<id> (default: reference)"),
        .init(Name.engineCommand, valueName: "cmd", help: "Start an external engine speaking ENGINE-PROTOCOL.md"),
        .init(Name.timeout, valueName: "s", help: "Per-request timeout for an external engine, in seconds (default: \(formatNumber(ExternalEngine.defaultTimeout)))"),
        .init(Name.startTimeout, valueName: "s", help: "Time an external engine has to start and answer the hello, at the start and after each restart, in seconds (default: \(formatNumber(ExternalEngine.defaultStartTimeout)))"),
    ]

    /// `--engine`: a built-in engine or `mutant:<id>`.
    var engine: String?
    /// `--engine-command`: an external engine's command line.
    var engineCommand: String?
    /// `--timeout`, as given.
    var timeout: String?
    /// `--start-timeout`, as given.
    var startTimeout: String?

    init(_ reader: inout OptionReader) {
        engine = reader.value(Name.engine)
        engineCommand = reader.value(Name.engineCommand)
        timeout = reader.value(Name.timeout)
        startTimeout = reader.value(Name.startTimeout)
    }
}

extension ExternalEngine: EngineWithStandardError {}
