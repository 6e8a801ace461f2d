/// Stateful testing: a sequence of commands is generated against a model (each command chosen from what the model
/// allows, subject to its precondition), then run against the real system and the model together, with the
/// invariants checked after each step. The sequence is an ordinary generated value, so it shrinks like any other:
/// commands are deleted and simplified until the shortest failing program remains.
public protocol StateMachine: Sendable {
    /// The model's state: what the system should hold.
    associatedtype Model: Sendable
    /// One operation on the system (printed in a counterexample's program).
    associatedtype Command: Sendable
    /// The system under test.
    associatedtype System

    /// The model's initial state.
    var initialModel: Model { get }
    /// A fresh system under test.
    func makeSystem() -> System
    /// Commands that make sense in `model`.
    func commands(for model: Model) -> Gen<Command>
    /// Whether `command` may run in `model` (invalid commands are skipped while generating).
    func precondition(_ command: Command, _ model: Model) -> Bool
    /// The model's next state.
    func apply(_ command: Command, to model: Model) -> Model
    /// Runs `command` on the system; throws when its result disagrees with the model.
    func run(_ command: Command, on system: System, model: Model) throws
    /// Checked after every step; throws when the system and the model disagree.
    func invariant(_ system: System, _ model: Model) throws
}

extension StateMachine {
    /// Programs of up to `maxLength` commands (each command its own span, so the shrinker deletes whole commands).
    public func programs(maxLength: Int = 20) -> Gen<[Command]> {
        let machine = self
        return Gen { tc throws(StopTest) in
            var model = machine.initialModel
            var program: [Command] = []
            while program.count < maxLength {
                tc.startSpan("command")
                guard try tc.weighted(0.9) else { tc.endSpan(); break }
                let command = try machine.commands(for: model).run(tc, label: "command")
                tc.endSpan()
                guard machine.precondition(command, model) else { continue }
                model = machine.apply(command, to: model)
                program.append(command)
            }
            return program
        }
    }

    /// Runs a program against a fresh system and the model; throws the first disagreement, naming the step.
    public func execute(_ program: [Command]) throws {
        let system = makeSystem()
        var model = initialModel
        try invariant(system, model)
        for (step, command) in program.enumerated() {
            do {
                try run(command, on: system, model: model)
                model = apply(command, to: model)
                try invariant(system, model)
            } catch {
                throw PropertyFailure("step \(step + 1) (\(command)): \(error)")
            }
        }
    }

    /// The property "every program keeps the system and the model in agreement".
    public func property(_ id: String, maxLength: Int = 20) -> Property<[Command]> {
        let machine = self
        return Property(id, programs(maxLength: maxLength)) { program, _ in try machine.execute(program) }
    }
}
