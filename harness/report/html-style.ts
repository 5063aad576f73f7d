// index.html's stylesheet (inline; the page loads nothing from anywhere).
export const REPORT_CSS = `
:root { --fail:#c62828; --blocked:#8d4a2f; --flaky:#00838f; --herr:#6a1b9a; --nonstrict:#b26a00; --unsup:#616161; --info:#1565c0; --pass:#2e7d32;
  --line:#d0d7de; --muted:#57606a; --bg:#f6f8fa; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: #1f2328; background: #fff; font-size: 14px; line-height: 1.45; }
header { padding: 16px 24px 8px; border-bottom: 1px solid var(--line); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 16px 0 8px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
.muted { color: var(--muted); }
.notice { margin: 6px 0; padding: 6px 10px; border-left: 4px solid var(--nonstrict); background: #fff8e1; }
.wrap { padding: 8px 24px 24px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; min-width: 220px; background: var(--bg); }
.card .name { font-weight: 600; margin-bottom: 4px; overflow-wrap: anywhere; }
.card .tier { margin-top: 4px; font-size: 0.9em; }
.findings li { margin: 6px 0; overflow-wrap: anywhere; }
.counts { display: flex; flex-wrap: wrap; gap: 4px; }
.v { display: inline-block; border-radius: 4px; padding: 1px 6px; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
.v-FAIL { background: var(--fail); } .v-BLOCKED { background: var(--blocked); } .v-FLAKY { background: var(--flaky); } .v-HARNESS-ERROR { background: var(--herr); } .v-NON-STRICT { background: var(--nonstrict); }
.v-UNSUPPORTED { background: var(--unsup); } .v-INFO { background: var(--info); } .v-PASS { background: var(--pass); }
.v-none { background: #eaeef2; color: var(--muted); }
details.meta { margin: 8px 0; }
table { border-collapse: collapse; }
.meta table td, .meta table th { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; overflow-wrap: anywhere; max-width: 480px; }
.filters { position: sticky; top: 0; z-index: 2; background: #fff; display: flex; flex-wrap: wrap; align-items: center; gap: 8px;
  padding: 8px 0; border-bottom: 1px solid var(--line); }
.filters button.vf { border: 2px solid transparent; cursor: pointer; opacity: .55; }
.filters button.vf[aria-pressed="true"] { opacity: 1; border-color: #1f2328; }
.filters select, .filters input { font: inherit; padding: 2px 6px; }
/* Fixed layout: column widths come from the <colgroup>, so a long matrix lays out without measuring every cell. */
#matrix { width: 100%; margin-top: 8px; table-layout: fixed; }
#matrix col.c-id { width: 28%; } #matrix col.c-gids { width: 9.5em; }
#matrix th, #matrix td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: middle; }
#matrix thead th { position: sticky; top: var(--filters-h, 46px); background: #fff; z-index: 1; overflow-wrap: break-word; }
#matrix tr.group th { background: var(--bg); font-size: 13px; }
#matrix tr.group .v { max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
#matrix td.id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; overflow-wrap: anywhere; }
#matrix td.gids { font-size: 12px; color: var(--muted); }
#matrix button.cell { cursor: pointer; border: 0; width: 100%; max-width: 140px; overflow: hidden; text-overflow: ellipsis; }
#matrix button.cell.dim { opacity: .25; }
#matrix button.cell.selected { outline: 3px solid #0969da; outline-offset: 1px; }
.hidden { display: none !important; }
body.panel-open .wrap, body.panel-open header { margin-right: min(680px, 50%); }
#detail { position: fixed; top: 0; right: 0; bottom: 0; width: min(680px, 50%); background: #fff; border-left: 1px solid var(--line);
  box-shadow: -8px 0 24px rgba(0,0,0,.12); overflow-y: auto; padding: 16px 20px 40px; z-index: 5; }
#detail .close { float: right; font-size: 18px; cursor: pointer; background: none; border: 1px solid var(--line); border-radius: 6px; }
#detail .title { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
#detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
#detail dt { color: var(--muted); } #detail dd { margin: 0; overflow-wrap: anywhere; }
#detail .req { overflow-wrap: anywhere; margin: 4px 0; padding: 6px 8px; background: var(--bg); border-left: 3px solid #0969da; }
#detail .req b { margin-right: 6px; }
#detail .sources p { overflow-wrap: anywhere; margin: 2px 0 6px 11px; font-size: 0.92em; }
#detail .sources .place, #detail .sources .beyond { display: block; color: var(--muted, #57606a); }
.gids .spec { margin-left: 6px; padding: 0 4px; border: 1px solid #0969da; border-radius: 3px; font-size: 0.8em; }
.eo { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
@media (max-width: 900px) { .eo { grid-template-columns: 1fr; } #detail { width: 100%; } body.panel-open .wrap, body.panel-open header { margin-right: 0; } }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; padding: 8px; background: var(--bg); border: 1px solid var(--line);
  border-radius: 6px; font-size: 12px; max-height: 360px; overflow: auto; }
#detail .run { margin-top: 12px; padding-left: 10px; border-left: 3px solid var(--flaky); }
ol.evidence { padding-left: 22px; } ol.evidence li { margin-bottom: 10px; }
.kind { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin-right: 6px; }
.src { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; overflow-wrap: anywhere; }
`;
