import Testing
import PropertyCheck
import StackLayout
import StackConformanceMutants
@testable import StackConformance

/// The HTML pages (`HTMLReport`) and reading JSON reports back (`ConformanceReport(json:)`), on real runs of mutants
/// (their designated property fails with a shrunk counterexample) plus hand-made results for what a run of a
/// built-in engine cannot produce: SKIPs, an ERROR with an engine's standard error, hostile text, a non-finite frame.
@Suite struct HTMLReportTests {
    /// One report per mutant: its designated property (a FAIL with a counterexample) and a property it passes.
    /// Computed once for the suite.
    static let mutantRuns = Task<[ConformanceReport], Never> {
        var reports: [ConformanceReport] = []
        for id in ["centerAsLeading", "ignoresHidden"] {
            let mutant = Mutants.all.first { $0.id == id }!
            var options = RunOptions(cases: 200, seed: 0)
            options.properties = [mutant.killedBy, "spacing.systemIsEight"]
            options.replayLines = ToolReplayLines()
            reports.append(await CatalogueRun.run(engines: [mutant.engine!], options: options))
        }
        return reports
    }

    /// Replay lines in the form `stackcheck run` writes for a built-in engine (the tool's own format lives in the
    /// tool), so that the pages show the commands a run of the tool shows.
    struct ToolReplayLines: ReplayLineFormat {
        func lines(_ token: String, engine: any LayoutEngine, options: RunOptions) -> (replay: String, keep: String) {
            let replay = "swift run stackcheck replay \(token) --engine \(engine.name)"
            return (replay, replay + " --save-regression " + options.regressionsDirectory)
        }
    }

    /// A report holding every status, with text that must be escaped.
    static func handMade(_ base: ConformanceReport) -> ConformanceReport {
        var report = base
        report.engineName = "my <engine> & co"
        let scenario = report.results.compactMap { $0.counterexample?.scenario }.first!
        var nanFrames = Layout(size: Size(width: 10, height: 10), frames: [(id: "v0", frame: Frame(x: .nan, y: 0, width: 1, height: 1))])
        nanFrames.diagnostics = ["a diagnostic with <angle> & ampersand"]
        report.results += [
            PropertyResult(property: "hidden.placement", rules: ["R-H-2"], level: .doc, status: .skip, reason: .features, cases: 0,
                           unsupported: 0, message: "needs features: hidden", counterexample: nil, standardError: nil,
                           seconds: 0, expected: nil),
            PropertyResult(property: "alignment.fill", rules: ["R-AL-1"], level: .doc, status: .error, reason: .engine, cases: 3,
                           unsupported: 0, message: "engine said: a < b && c > d </pre><script>alert(1)</script>",
                           counterexample: Counterexample(scenario: scenario, program: nil, actual: nanFrames, reference: nil,
                                                          replay: "pc2_ABC", shrinkCutShort: true),
                           standardError: StandardErrorExcerpt(request: 17, during: "the request that failed",
                                                               text: "panic: <index> out of range\u{1}"),
                           seconds: 1.5, expected: [.error, .fail]),
            PropertyResult(property: "future.property", rules: ["R-future-1"], level: .tentative, status: .timeout, reason: nil,
                           cases: 1, unsupported: 0, message: "took too long", counterexample: nil, standardError: nil,
                           seconds: 30, expected: nil),
            PropertyResult(property: "rounding.onPixelGrid", rules: ["R-PX-1"], level: .obs, status: .notRun, reason: nil, cases: 0,
                           unsupported: 0, message: "not run: interrupted", counterexample: nil, standardError: nil, seconds: 0,
                           expected: nil),
        ]
        return report
    }

    /// The mutants' reports, then the hand-made one.
    func reports() async -> [ConformanceReport] {
        let runs = await Self.mutantRuns.value
        return runs + [Self.handMade(runs[0])]
    }

    @Test func theMutantRunsFailWithCounterexamples() async {
        for report in await Self.mutantRuns.value {
            #expect(report.results.contains { $0.status == .fail && $0.counterexample?.scenario != nil }, "\(report.engineName)")
        }
    }

    @Test func everyNonPassResultHasItsArticlePictureAndCommands() async {
        for report in await reports() {
            let page = HTMLReport.render(report)
            for r in report.results where HTMLPage.isFailure(r.status) {
                let article = section(of: page, from: #"id="p-\#(r.property)""#, to: "</article>")
                #expect(!article.isEmpty, "\(r.property) has no article")
                #expect(article.contains(r.status.rawValue))
                guard let c = r.counterexample else { continue }
                #expect(article.contains("<svg"), "\(r.property): no picture")
                if let commands = r.commands {
                    #expect(article.contains(HTMLPage.escape(commands.replay) + "</code><button"), "\(r.property): replay command")
                    #expect(article.contains(HTMLPage.escape(commands.keep) + "</code><button"))
                } else {
                    #expect(article.contains("swift run stackcheck replay " + c.replay), "\(r.property): replay command")
                }
                // The failure's own words, not the statement or the commands, are its message on the page.
                for f in r.failures.prefix(1) {
                    #expect(article.contains(HTMLPage.escape(f.message.split(separator: "\n").first.map(String.init) ?? "")))
                }
                #expect(article.contains(#"<details class="json">"#))
            }
            // SKIPs are listed once, collapsed, with their reason; never as an article.
            for r in report.results where r.status == .skip {
                #expect(section(of: page, from: #"<section id="skipped"><details>"#, to: "</section>").contains(r.property))
                #expect(!page.contains(#"id="p-\#(r.property)""#))
            }
        }
    }

    /// A result shows the commands the run wrote for it (an ERROR's aborted case included); a result without them
    /// (a run given no replay format) shows the bare command, labelled as needing the run's engine options.
    @Test func aResultShowsItsOwnCommandsOrTheBareOne() async {
        var report = (await reports())[2]
        report.results.removeAll { $0.property != "alignment.fill" }
        let alone = HTMLReport.render(report)
        #expect(alone.contains("Replay (add the run&#39;s engine options)</span><code id=\"r0-replay\">swift run stackcheck replay pc2_ABC</code>"))
        report.results[0].commands = FailureCommands(replay: "swift run stackcheck replay pc2_ABC --engine-command 'x y'",
                                                     keep: "swift run stackcheck replay pc2_ABC --engine-command 'x y' --save-regression d")
        let page = HTMLReport.render(report)
        #expect(page.contains("<code id=\"r0-replay\">swift run stackcheck replay pc2_ABC --engine-command &#39;x y&#39;</code>"), "\(page)")
        #expect(page.contains("--save-regression d</code>"))
    }

    /// Reports of formats 1 to 3 kept the commands only in the lead message: the reader takes them from there, and
    /// gives each other failure the lead's with its own token.
    @Test func anOlderReportsCommandsAreReadFromItsMessage() {
        let c = { (token: String) in Counterexample(scenario: nil, program: nil, actual: nil, reference: nil, replay: token, shrinkCutShort: false) }
        var result = PropertyResult(property: "alignment.fill", rules: [], level: .doc, status: .fail, reason: nil, cases: 1,
                                    unsupported: 0, message: "it failed\nStatement (R-AL-1): views line up.\nReplay: swift run x pc2_A --engine direct\nKeep it as a regression: swift run x pc2_A --engine direct --save-regression d",
                                    counterexample: c("pc2_A"), standardError: nil, seconds: 0, expected: nil)
        result.failures = [PropertyFailureRecord(status: .fail, message: "it failed", signature: "a", counterexample: c("pc2_A")),
                           PropertyFailureRecord(status: .fail, message: "again", signature: "b", counterexample: c("pc2_B"))]
        ReportReading.legacyCommands(&result)
        #expect(result.commands?.replay == "swift run x pc2_A --engine direct")
        #expect(result.failures[1].commands?.replay == "swift run x pc2_B --engine direct")
        #expect(result.failures[1].commands?.keep == "swift run x pc2_B --engine direct --save-regression d")
    }

    @Test func messagesAndStandardErrorAreEscaped() async {
        let page = HTMLReport.render((await reports())[2])
        #expect(page.contains("a &lt; b &amp;&amp; c &gt; d &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<script>alert"))
        #expect(page.contains("my &lt;engine&gt; &amp; co"))
        #expect(page.contains("panic: &lt;index&gt; out of range\u{FFFD}"))
        #expect(page.contains("Engine standard error, request 17 (the request that failed)"))
        #expect(section(of: page, from: "<body>", to: "</body>").filter { $0 == "\u{1}" }.isEmpty)
    }

    @Test func nothingIsLoadedFromTheNetwork() async {
        let all = await reports()
        for page in all.map(HTMLReport.render) + [HTMLReport.grid(all)] {
            for forbidden in ["src=", "<link", "@import", "url(", "<iframe", "<object"] {
                #expect(!page.contains(forbidden), "\(forbidden)")
            }
            // Every link stays on the page; the only absolute URL is SVG's namespace name, which loads nothing.
            #expect(attributeValues("href", in: page).allSatisfy { $0.hasPrefix("#") })
            #expect(page.replacingAll("http://www.w3.org/2000/svg", with: "").firstRange(of: "http") == nil)
        }
    }

    @Test func everyInPageLinkHasItsTarget() async {
        let all = await reports()
        for page in all.map(HTMLReport.render) + [HTMLReport.grid(all)] {
            let ids = Set(attributeValues("id", in: page))
            for href in attributeValues("href", in: page) { #expect(ids.contains(String(href.dropFirst())), "\(href)") }
            #expect(ids.count == attributeValues("id", in: page).count, "ids are unique")
        }
    }

    @Test func tagsAreBalanced() async {
        let all = await reports()
        for page in all.map(HTMLReport.render) + [HTMLReport.grid(all)] {
            #expect(unbalancedTag(page) == nil)
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        }
        #expect(unbalancedTag("<main><section><p>x</section></main>") != nil, "the checker itself finds a stray tag")
    }

    @Test func renderingIsDeterministic() async {
        let all = await reports()
        for report in all { #expect(HTMLReport.render(report) == HTMLReport.render(report)) }
        #expect(HTMLReport.grid(all) == HTMLReport.grid(all))
    }

    @Test func theVerdictFollowsTheExpectations() async {
        // centerAsLeading fails alignment.center, a DOC property expected to pass: exit status 1.
        #expect(HTMLReport.render((await Self.mutantRuns.value)[0]).contains("Does not conform as expected (exit status 1)"))
        var accepted = (await Self.mutantRuns.value)[0]
        for i in accepted.results.indices where accepted.results[i].status == .fail { accepted.results[i].expected = [.fail] }
        let page = HTMLReport.render(accepted)
        #expect(page.contains("Every result matches its expectation (exit status 0)"))
        #expect(!page.contains("badge unexpected"))
        var interrupted = (await reports())[2]
        interrupted.stop = .interrupted
        #expect(HTMLReport.render(interrupted).contains("exit status 130"))
    }

    @Test func theGridHasOneColumnPerReportAndMarksMismatches() async {
        let all = await reports()
        let grid = HTMLReport.grid(all)
        let head = section(of: grid, from: "<thead>", to: "</thead>").replacingAll("<wbr>", with: "")
        for r in all { #expect(head.contains(HTMLPage.escape(r.engineName))) }
        // The hand-made ERROR is expected; the mutants' FAILs are not.
        let center = section(of: grid, from: "<code>alignment.center</code>", to: "</tr>")
        #expect(center.components(separatedBy: "mismatch").count - 1 == 2, "\(center)")
        let fill = section(of: grid, from: "<code>alignment.fill</code>", to: "</tr>")
        #expect(fill.contains(##"href="#c2-alignment.fill""##) && !fill.contains("mismatch"))
        // A property only one report holds is a dash in the other columns, after the catalogue's rows.
        let future = section(of: grid, from: "<code>future.property</code>", to: "</tr>")
        #expect(future.components(separatedBy: "missing").count - 1 == 2)
        #expect(HTMLReport.propertyRows(all).last == "future.property")
    }

    // MARK: Reading reports back

    @Test func aReportSurvivesTheRoundTripThroughJSON() async throws {
        for report in await reports() {
            let text = JSONReport.value(report).prettyText
            let read = try ConformanceReport(json: text)
            #expect(JSONReport.value(read).prettyText == text)
            #expect(HTMLReport.render(read) == HTMLReport.render(try ConformanceReport(json: JSONReport.value(read).prettyText)))
        }
    }

    @Test func formatOneIsReadWithItsStandardErrorTail() async throws {
        var text = JSONReport.value((await reports())[2]).prettyText
        text = text.replacingAll(#""format": "\#(JSONReport.formatIdentifier)""#, with: #""format": "stackcheck.report/1""#)
        text = text.replacingAll(#""standardError": {"#, with: #""ignored": {"#)
        text = text.replacingAll(#""seconds": 1.5"#, with: #""stderrTail": "the last words", "seconds": 1.5"#)
        let read = try ConformanceReport(json: text)
        let error = read.results.first { $0.property == "alignment.fill" }!
        #expect(error.standardError?.text == "the last words")
    }

    @Test func otherDocumentsAreRejectedWithTheirPath() async {
        func reason(_ text: String) -> ScenarioError? {
            do { _ = try ConformanceReport(json: text); return nil } catch { return error }
        }
        #expect(reason("[1]")?.path == "$")
        #expect(reason("{\"format\": \"stackcheck.report/99\"}")?.path == "format")
        #expect(reason("{\"format\": \"stackcheck.report/99\"}")?.reason.contains("stackcheck.report/3") == true)
        #expect(reason("not json")?.path == "$")
        let text = JSONReport.value((await Self.mutantRuns.value)[0]).prettyText
        let broken = text.replacingFirst(#""status": "PASS""#, with: #""status": "GREEN""#)
        #expect(reason(broken)?.path == "results[0].status")
        let noSeed = text.replacingFirst(#""seed": "#, with: #""sowed": "#)
        #expect(reason(noSeed)?.path == "run.seed")
    }

    // MARK: Helpers

    /// The text from the first occurrence of `start` to the next `end` after it (empty when `start` is absent).
    func section(of page: String, from start: String, to end: String) -> String {
        guard let a = page.firstRange(of: start) else { return "" }
        let rest = page[a.lowerBound...]
        guard let b = rest.firstRange(of: end) else { return String(rest) }
        return String(rest[..<b.upperBound])
    }

    /// Every value of `name="…"` in the page's markup.
    func attributeValues(_ name: String, in page: String) -> [String] {
        var out: [String] = []
        var rest = Substring(page)
        let needle = " \(name)=\""
        while let r = rest.firstRange(of: needle) {
            rest = rest[r.upperBound...]
            guard let q = rest.firstIndex(of: "\"") else { break }
            out.append(String(rest[..<q]))
            rest = rest[q...]
        }
        return out
    }

    /// The first tag that closes out of order or stays open, skipping void and self-closing elements, the
    /// doctype, and the contents of `<style>` and `<script>`; nil when every tag is balanced.
    func unbalancedTag(_ page: String) -> String? {
        let void: Set<String> = ["meta", "br", "hr", "img", "input", "link", "wbr"]
        var stack: [String] = []
        var i = page.startIndex
        while let open = page[i...].firstIndex(of: "<") {
            guard let close = page[open...].firstIndex(of: ">") else { return "unterminated tag" }
            let tag = page[page.index(after: open)..<close]
            i = page.index(after: close)
            if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst()).lowercased()
                guard stack.last == name else { return "</\(name)> closes <\(stack.last ?? "nothing")>" }
                stack.removeLast()
                continue
            }
            let name = String(tag.prefix { $0 != " " && $0 != "/" && $0 != "\n" }).lowercased()
            if tag.hasSuffix("/") || void.contains(name) { continue }
            if name == "style" || name == "script" {
                guard let end = page[i...].firstRange(of: "</\(name)>") else { return "unterminated <\(name)>" }
                i = end.upperBound
                continue
            }
            stack.append(name)
        }
        return stack.isEmpty ? nil : "<\(stack.last!)> stays open"
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        return String(self[..<r.lowerBound]) + replacement + self[r.upperBound...]
    }
}

