import StackLayout

/// A request of ENGINE-PROTOCOL.md (step 2) and what its answer line means.
///
/// Why the answer is checked so closely: an external engine is the thing under test, and a wrong answer must be
/// reported as what it is (ERROR, with what was wrong) rather than fail some property in a confusing way later.
/// A result is a layout document whose frames are exactly the scenario's arranged items.
package enum EngineAnswer {
    /// `{"id":N,"layout":<scenario document in canonical form>}` (SCENARIO-FORMAT.md: the suite sends scenarios
    /// in canonical form).
    package static func request(id: Int, scenario: Scenario) -> String {
        JSONValue.object([("id", .number(Double(id))), ("layout", scenario.jsonValue)]).compactText
    }

    /// What an answer line means.
    package enum Reading {
        /// A valid layout for the scenario, frames in scenario pre-order.
        case layout(Layout)
        /// `unsupported`, `error`, or an answer to this request that is not valid (`.invalidAnswer`).
        case answered(LayoutError)
        /// A line that cannot be matched with the request (not JSON, not an object, no or another id): the
        /// conversation is out of step and the engine must be restarted (ENGINE-PROTOCOL.md, "From cases to
        /// results").
        case outOfStep(String)
    }

    package static func read(_ text: String, id: Int, scenario: Scenario) -> Reading {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            return .outOfStep("request \(id): the answer is not JSON (\(error)): \(excerpt(text))")
        }
        guard case .object = value else {
            return .outOfStep("request \(id): the answer is \(value.typeName), not a JSON object: \(excerpt(text))")
        }
        guard let answerID = value["id"] else {
            return .outOfStep("request \(id): the answer has no \"id\": \(excerpt(text))")
        }
        guard answerID == .number(Double(id)) else {
            return .outOfStep("request \(id): the answer is for id \(excerpt(answerID.compactText, limit: 40)), not \(id)")
        }
        let kinds = ["result", "unsupported", "error"].filter { value[$0] != nil }
        guard kinds.count == 1 else {
            let what = kinds.isEmpty ? "none of" : "more than one of"
            return .answered(.invalidAnswer("request \(id): the answer has \(what) \"result\", \"unsupported\" and "
                                            + "\"error\": \(excerpt(text))"))
        }
        let kind = kinds[0], body = value[kind]!
        if kind == "result" { return result(body, id: id, scenario: scenario) }
        guard case .string(let message)? = body["message"] else {
            return .answered(.invalidAnswer("request \(id): \"\(kind)\" must be an object with a \"message\" string: "
                                            + excerpt(text)))
        }
        return .answered(kind == "unsupported" ? .unsupported(message) : .failed(message))
    }

    private static func result(_ value: JSONValue, id: Int, scenario: Scenario) -> Reading {
        var layout: Layout
        do {
            layout = try Layout(jsonValue: value, path: "result")
        } catch {
            return .answered(.invalidAnswer("request \(id): the result is not a layout document: \(error)"))
        }
        let expected = ScenarioIndex(scenario).items.map(\.id)
        let expectedSet = Set(expected)
        let actualSet = Set(layout.frameIDs)
        let missing = expected.filter { !actualSet.contains($0) }
        let extra = layout.frameIDs.filter { !expectedSet.contains($0) }
        var problems: [String] = []
        if !missing.isEmpty { problems.append("no frame for arranged item\(missing.count == 1 ? "" : "s") \(list(missing))") }
        if !extra.isEmpty { problems.append("a frame for \(list(extra)), which the scenario does not have") }
        guard problems.isEmpty else {
            return .answered(.invalidAnswer("request \(id): the result has " + problems.joined(separator: ", and ")))
        }
        // JSON members have no order; the model's frames are in scenario pre-order (SCENARIO-FORMAT.md).
        var byID: [String: Frame] = [:]
        for (frameID, frame) in layout.frames { byID[frameID] = frame }
        layout.frames = expected.map { ($0, byID[$0]!) }
        return .layout(layout)
    }

    /// `"a", "b" and 3 more`: ids for a message, never thousands of them.
    private static func list(_ ids: [String]) -> String {
        let shown = ids.prefix(5).map { JSONValue.string($0).compactText }.joined(separator: ", ")
        return ids.count > 5 ? shown + " and \(ids.count - 5) more" : shown
    }
}
