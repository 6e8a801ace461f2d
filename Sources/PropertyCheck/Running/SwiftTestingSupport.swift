#if canImport(Testing)
import Testing

/// Checks a property inside a Swift Testing test: runs it with the configuration read from the environment variables
/// that `overrides` names (PropertyCheck's own by default: `PROPERTYCHECK_SEED`, `PROPERTYCHECK_CASES` and
/// `PROPERTYCHECK_REPLAY`) and with the local example database, and records an issue at the caller's source location
/// with the full failure message. A `configuration` given is used as it is, without reading the environment. Returns
/// the report for further assertions.
@discardableResult
public func checkProperty<Value>(_ property: Property<Value>, context: String = "",
                                 configuration: Configuration? = nil, overrides: EnvironmentOverrides = .propertyCheck,
                                 useDatabase: Bool = true,
                                 sourceLocation: SourceLocation = #_sourceLocation) async -> PropertyReport {
    var config: Configuration
    if let configuration {
        config = configuration
    } else {
        switch Configuration.fromEnvironment(overrides) {
        case .success(let c): config = c
        case .failure(let error):
            Issue.record("\(error)", sourceLocation: sourceLocation)
            config = Configuration()
            config.overrides = overrides
        }
    }
    if useDatabase && config.database == nil { config.database = ExampleDatabase() }
    let report = await PropertyRunner.run(property, context: context, configuration: config)
    if !report.passed { Issue.record(Comment(rawValue: report.message), sourceLocation: sourceLocation) }
    return report
}

/// The same for a generator and a body, named inline.
@discardableResult
public func checkProperty<Value>(_ id: String, _ generator: Gen<Value>, context: String = "",
                                 configuration: Configuration? = nil, overrides: EnvironmentOverrides = .propertyCheck,
                                 describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
                                 sourceLocation: SourceLocation = #_sourceLocation,
                                 _ body: @escaping @Sendable (Value, TestCase) async throws -> Void) async -> PropertyReport {
    await checkProperty(Property(id, generator, describe: describe, body: body), context: context,
                        configuration: configuration, overrides: overrides, sourceLocation: sourceLocation)
}
#endif
