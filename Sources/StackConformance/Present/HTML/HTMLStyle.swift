/// The HTML pages' inline style sheet and script (`HTMLPage.document`).
extension HTMLPage {
    /// Status colours keep the SVG pictures' convention apart: the pictures use orange for the engine and blue for
    /// the reference, so no status is drawn in those two hues. Colour is never the only signal: every status is also
    /// written out, and a result that does not match its expectation carries a "!" and an outline.
    static let css = #"""
    :root { --ink: #212529; --muted: #5c636a; --line: #dee2e6; --paper: #ffffff; --wash: #f8f9fa;
      --pass: #2b8a3e; --pass-bg: #ebfbee; --fail: #c92a2a; --fail-bg: #fff5f5; --error: #862e9c; --error-bg: #f8f0fc;
      --timeout: #a0530b; --timeout-bg: #fff4e6; --crash: #5f0f40; --crash-bg: #fbeaf1; --skip: #5c636a; --skip-bg: #f1f3f5;
      --notrun: #868e96; --notrun-bg: #ffffff; }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; color: var(--ink); background: var(--paper); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    header.page, main, footer { max-width: 1180px; margin: 0 auto; padding: 0 20px; }
    header.page { padding-top: 20px; border-bottom: 1px solid var(--line); padding-bottom: 12px; }
    h1 { font-size: 1.6rem; margin: 0 0 4px; line-height: 1.25; }
    h1 .version { color: var(--muted); font-weight: normal; }
    h2 { font-size: 1.25rem; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
    h3 { font-size: 1.05rem; margin: 0; display: inline; }
    h4, h5 { margin: 14px 0 4px; font-size: .95rem; }
    code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: .86em; }
    pre { background: var(--wash); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; }
    a { color: #1864ab; }
    a.rule { text-decoration: none; border-bottom: 1px dotted currentColor; white-space: nowrap; }
    .note, .muted { color: var(--muted); }
    .verdict { font-size: 1.1rem; font-weight: 600; padding: 8px 12px; border-radius: 6px; margin: 10px 0; border-left: 6px solid; }
    .verdict.ok { background: var(--pass-bg); border-color: var(--pass); color: #1b5e28; }
    .verdict.bad { background: var(--fail-bg); border-color: var(--fail); color: #8a1c1c; }
    .verdict.stopped { background: var(--timeout-bg); border-color: var(--timeout); color: #6e3907; }
    .verdict small { display: block; font-weight: normal; font-size: .85rem; color: var(--muted); }
    dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
    dl.facts dt { color: var(--muted); }
    dl.facts dd { margin: 0; overflow-wrap: anywhere; }
    .badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: .8rem; font-weight: 600; border: 1px solid; line-height: 1.45; white-space: nowrap; vertical-align: baseline; }
    .badge.level { color: var(--muted); border-color: var(--line); background: var(--wash); font-weight: normal; }
    .badge.unexpected { color: #fff; background: var(--fail); border-color: var(--fail); }
    .badge.accepted { color: var(--muted); border-color: var(--line); font-weight: normal; }
    .s-PASS { color: var(--pass); background: var(--pass-bg); border-color: var(--pass); }
    .s-FAIL { color: var(--fail); background: var(--fail-bg); border-color: var(--fail); }
    .s-ERROR { color: var(--error); background: var(--error-bg); border-color: var(--error); }
    .s-NONDETERMINISTIC { color: #a61e4d; background: #fff0f6; border-color: #a61e4d; }
    article.result.st-NONDETERMINISTIC { border-left-color: #a61e4d; }
    ol.causes { padding-left: 1.4rem; } ol.causes li { margin: .45rem 0; } ol.causes small { display: block; color: var(--muted); }
    .failures li { margin: .5rem 0; } .failures pre { margin: .2rem 0; }
    .s-TIMEOUT { color: var(--timeout); background: var(--timeout-bg); border-color: var(--timeout); }
    .s-CRASH { color: var(--crash); background: var(--crash-bg); border-color: var(--crash); }
    .s-SKIP { color: var(--skip); background: var(--skip-bg); border-color: #ced4da; }
    .s-NOTRUN { color: var(--notrun); background: var(--notrun-bg); border-color: var(--line); border-style: dashed; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: .92rem; }
    th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { font-weight: 600; color: var(--muted); }
    td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
    tr.group-ok td.group { color: var(--pass); }
    tr.group-bad td.group { color: var(--fail); font-weight: 600; }
    td.zero { color: #adb5bd; }
    .bar { display: flex; height: 10px; min-width: 80px; border-radius: 5px; overflow: hidden; background: var(--wash); margin-top: 6px; }
    .bar span { display: block; height: 100%; }
    .bar .b-pass { background: var(--pass); } .bar .b-fail { background: var(--fail); } .bar .b-skip { background: #ced4da; } .bar .b-notrun { background: #f1f3f5; }
    article.result { border: 1px solid var(--line); border-left: 6px solid; border-radius: 6px; padding: 12px 16px; margin: 16px 0; break-inside: avoid-page; }
    article.result:target, section.cell:target { box-shadow: 0 0 0 3px #a5d8ff; }
    article.result > header { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; }
    article.result.st-FAIL { border-left-color: var(--fail); } article.result.st-ERROR { border-left-color: var(--error); }
    article.result.st-TIMEOUT { border-left-color: var(--timeout); } article.result.st-CRASH { border-left-color: var(--crash); }
    article.result.st-SKIP { border-left-color: #ced4da; }
    a.badge { text-decoration: none; }
    .statement { font-style: italic; margin: 6px 0; }
    .rules { margin: 6px 0 0; color: var(--muted); }
    figure { margin: 10px 0; }
    figure svg { max-width: 100%; max-height: 900px; width: auto; height: auto; border: 1px solid var(--line); border-radius: 4px; }
    figcaption { color: var(--muted); font-size: .85rem; }
    .commands { margin: 8px 0; }
    .cmd { display: grid; grid-template-columns: 11em 1fr auto; gap: 8px; align-items: start; margin: 4px 0; }
    .cmd .label { color: var(--muted); font-size: .9rem; padding-top: 6px; }
    .cmd code { display: block; background: var(--wash); border: 1px solid var(--line); border-radius: 6px; padding: 5px 8px; overflow-wrap: anywhere; white-space: pre-wrap; }
    button { font: inherit; font-size: .85rem; padding: 3px 10px; border: 1px solid #adb5bd; border-radius: 5px; background: #fff; color: var(--ink); cursor: pointer; }
    button:hover { background: var(--wash); }
    .js-only { display: none; }
    html.js .js-only { display: initial; }
    html.js div.toolbar.js-only { display: block; margin-top: 8px; }
    details { margin: 8px 0; }
    details > summary { cursor: pointer; font-weight: 600; }
    details.stderr > summary { color: var(--error); }
    table.grid { width: auto; }
    .grid th.engine { text-align: center; min-width: 9em; max-width: 14em; overflow-wrap: anywhere; }
    .grid th.engine small { display: block; font-weight: normal; }
    .grid td.cell { text-align: center; padding: 2px 4px; }
    .grid td.cell a, .grid td.cell span.status { display: block; border: 1px solid; border-radius: 4px; padding: 1px 4px; font-weight: 600; font-size: .8rem; text-decoration: none; }
    .grid td.cell .mismatch { outline: 2px solid var(--ink); outline-offset: 1px; }
    .grid td.cell.missing { color: #adb5bd; }
    .grid tr.grouprow th { background: var(--wash); color: var(--ink); padding-top: 8px; }
    .grid td.prop { white-space: nowrap; }
    section.cell { border-top: 1px solid var(--line); padding: 8px 0; }
    .tentative { color: var(--muted); }
    .where { display: block; color: var(--muted); font-size: .85rem; }
    dl.glossary dt { font-weight: 600; margin-top: 8px; }
    dl.glossary dd { margin: 0 0 0 1.5em; }
    footer { color: var(--muted); font-size: .85rem; padding: 24px 20px 40px; }
    @media (max-width: 640px) {
      body { font-size: 14px; }
      header.page, main, footer { padding-left: 10px; padding-right: 10px; }
      .cmd { grid-template-columns: 1fr auto; } .cmd .label { grid-column: 1 / -1; padding: 0; }
      article.result { padding: 10px; }
    }
    @media print {
      .toolbar, button { display: none !important; }
      body { font-size: 11pt; }
      a { color: inherit; }
      pre { white-space: pre-wrap; }
      article.result, figure { break-inside: avoid; }
    }

    """#

    /// Copy buttons (the text of the element named by `data-target`), expand/collapse all, and every `<details>`
    /// opened for printing. Without scripts the buttons stay hidden and the page loses nothing else.
    static let script = #"""
    (function () {
      document.documentElement.classList.add('js');
      function copyText(text, done) {
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(text).then(done, function () { fallback(text, done); });
        } else { fallback(text, done); }
      }
      function fallback(text, done) {
        var area = document.createElement('textarea');
        area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
        document.body.appendChild(area); area.select();
        try { document.execCommand('copy'); done(); } catch (e) {}
        document.body.removeChild(area);
      }
      document.addEventListener('click', function (event) {
        var button = event.target.closest('button');
        if (!button) { return; }
        if (button.hasAttribute('data-target')) {
          var source = document.getElementById(button.getAttribute('data-target'));
          if (!source) { return; }
          copyText(source.textContent, function () {
            button.textContent = 'Copied';
            setTimeout(function () { button.textContent = 'Copy'; }, 1500);
          });
        } else if (button.hasAttribute('data-details')) {
          var open = button.getAttribute('data-details') === 'open';
          document.querySelectorAll('details').forEach(function (d) { d.open = open; });
        } else if (button.hasAttribute('data-print')) {
          window.print();
        }
      });
      window.addEventListener('beforeprint', function () {
        document.querySelectorAll('details').forEach(function (d) { d.open = true; });
      });
    })();

    """#
}
