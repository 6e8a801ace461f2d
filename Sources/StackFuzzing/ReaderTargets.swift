import PropertyCheck
import StackConformance
import StackLayout

/// The readers of untrusted text (scenario and layout documents, replay tokens, expectations files): every input
/// gives a value or the reader's typed error, and a value it accepts, written back with the project's writer, reads
/// again as the same value.
enum ReaderTargets {
    static let scenarioReader = FuzzTarget(
        name: "scenario-reader",
        summary: "bytes as a scenario document (SCENARIO-FORMAT.md); an accepted one writes back, pretty and compact, "
            + "and reads again as the same scenario") { bytes throws(FuzzFinding) in
        let scenario: Scenario
        do { scenario = try Scenario(json: text(bytes)) } catch { return }
        for pretty in [true, false] {
            try roundTrip(scenario, "the scenario", written: scenario.jsonString(pretty: pretty),
                          read: Scenario.init(json:), same: ==)
        }
    }

    static let layoutReader = FuzzTarget(
        name: "layout-reader",
        summary: "bytes as a layout document; an accepted one writes back, pretty and compact, and reads again as the "
            + "same layout") { bytes throws(FuzzFinding) in
        let layout: Layout
        do { layout = try Layout(json: text(bytes)) } catch { return }
        for pretty in [true, false] {
            try roundTrip(layout, "the layout", written: layout.jsonString(pretty: pretty), read: Layout.init(json:),
                          same: ==)
        }
    }

    static let replayToken = FuzzTarget(
        name: "replay-token",
        summary: "bytes as a replay token (pc2_…); an accepted one encodes and decodes again to the same token") {
        bytes throws(FuzzFinding) in
        let token: ReplayToken
        do { token = try ReplayToken(parsing: text(bytes)) } catch { return }
        try roundTrip(token, "the token", written: token.encoded, read: ReplayToken.init(parsing:), same: ==)
    }

    static let expectations = FuzzTarget(
        name: "expectations",
        summary: "bytes as an expectations file (stackcheck.expectations/1); an accepted one writes back and reads "
            + "again to the same entries") { bytes throws(FuzzFinding) in
        let read: Expectations
        do { read = try Expectations(json: text(bytes)) } catch { return }
        try roundTrip(read, "the expectations", written: ExpectationsWriter.document(read).prettyText,
                      read: Expectations.init(json:), same: ExpectationsWriter.same)
    }

    /// The check every reader target ends with: `value`, `written` back, reads again, as a value `same` as before.
    static func roundTrip<Value>(_ value: Value, _ what: String, written: String, read: (String) throws -> Value,
                                 same: (Value, Value) -> Bool) throws(FuzzFinding) {
        let again: Value
        do { again = try read(written) } catch {
            throw FuzzFinding("\(what) written back does not read (\(error)):\n\(written)")
        }
        try expect(same(again, value), "\(what) written back reads as another value:\n\(written)")
    }
}

/// Writes an expectations file (ENGINE-PROTOCOL.md, "Expectations owned by the engine"), which the project only
/// reads: a property's statuses as a list, its reason when it has one, properties in id order.
enum ExpectationsWriter {
    static func document(_ expectations: Expectations) -> JSONValue {
        let entries = expectations.entries.keys.sorted().map { id -> (key: String, value: JSONValue) in
            let entry = expectations.entries[id]!
            var members: [(key: String, value: JSONValue)] = [("status", .array(entry.statuses.map { .string($0.rawValue) }))]
            if !entry.reason.isEmpty { members.append(("reason", .string(entry.reason))) }
            return (id, .object(members))
        }
        return .object([("format", .string(Expectations.formatIdentifier)), ("expected", .object(entries))])
    }

    /// The same properties, each with the same statuses in the same order and the same reason.
    static func same(_ a: Expectations, _ b: Expectations) -> Bool {
        a.entries.keys.sorted() == b.entries.keys.sorted() && a.entries.allSatisfy { id, entry in
            b.entries[id].map { $0.statuses == entry.statuses && $0.reason == entry.reason } ?? false
        }
    }
}
