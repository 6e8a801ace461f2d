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
        summary: "bytes as an expectations file (stackcheck.expectations/2 or /1); an accepted one writes back "
            + "(as /2) and reads again to the same causes and entries") { bytes throws(FuzzFinding) in
        let read: Expectations
        do { read = try Expectations(json: text(bytes)) } catch { return }
        try roundTrip(read, "the expectations", written: read.document.prettyText,
                      read: Expectations.init(json:), same: { $0.causes == $1.causes && $0.entries == $1.entries })
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
