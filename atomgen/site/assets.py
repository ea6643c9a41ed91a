"""The catalogue's only stylesheet and script, written next to its pages (no network, no CDN)."""

from __future__ import annotations

STYLE = """\
:root { --fg: #1d232a; --muted: #5b6570; --line: #d5dae0; --bg: #ffffff; --band: #f4f6f8;
        --pass: #1f7a3d; --fail: #b42318; --known: #9a6700; --skip: #6e7781; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
       background: var(--bg); }
header { padding: 16px 28px 12px; border-bottom: 1px solid var(--line); background: var(--band); }
header h1 { margin: 0 0 4px; font-size: 22px; }
header p { margin: 2px 0; color: var(--muted); }
nav.crumbs { font-size: 14px; margin-bottom: 6px; }
main { padding: 8px 28px 40px; max-width: 1600px; }
h2 { margin: 28px 0 8px; font-size: 19px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { margin: 18px 0 6px; font-size: 16px; }
a { color: #0b5cad; text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .mono { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
pre { background: var(--band); border: 1px solid var(--line); padding: 10px; overflow: auto; }
table { border-collapse: collapse; margin: 6px 0 12px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--band); font-weight: 600; position: sticky; top: 0; }
tbody tr:nth-child(even) { background: #fafbfc; }
td.v-pass { color: var(--pass); } td.v-fail { color: var(--fail); font-weight: 600; }
td.v-known { color: var(--known); } td.v-skip, td.v-none { color: var(--skip); }
.filter { display: flex; gap: 10px; align-items: center; margin: 10px 0; }
.filter input { font-size: 15px; padding: 5px 9px; width: 360px; border: 1px solid #9aa4ae; border-radius: 4px; }
.filter output { color: var(--muted); font-size: 14px; }
details.picture { margin: 8px 0; border: 1px solid var(--line); border-radius: 4px; }
details.picture > summary { cursor: pointer; padding: 5px 10px; background: var(--band); }
details.picture .frame { overflow: auto; max-height: 720px; padding: 6px; }
details.picture img { display: block; }
details.picture p { margin: 4px 10px; color: var(--muted); font-size: 13px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 12px; border: 1px solid var(--line);
         margin-right: 4px; white-space: nowrap; }
.badge.pass { color: var(--pass); border-color: #9fd3b0; } .badge.fail { color: var(--fail); border-color: #f1a39b; }
.badge.known { color: var(--known); border-color: #e8cf8c; } .badge.skip, .badge.none { color: var(--skip); }
ul.notes li { margin: 3px 0; }
.hidden { display: none; }
.wide { overflow-x: auto; }
td code { white-space: nowrap; }
"""

# Filter: every row of a `table.filterable` stays visible when its text contains every word
# typed (case-insensitive); an opened #pic-... link opens its <details>.
SCRIPT = """\
"use strict";
function applyFilter(input) {
  const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0, total = 0;
  for (const row of document.querySelectorAll("table.filterable tbody tr")) {
    const text = row.textContent.toLowerCase();
    const keep = words.every((w) => text.includes(w));
    row.classList.toggle("hidden", !keep);
    total += 1;
    if (keep) shown += 1;
  }
  for (const table of document.querySelectorAll("table.filterable")) {
    const visible = table.querySelectorAll("tbody tr:not(.hidden)").length;
    const group = table.closest("[data-group]");
    if (group) group.classList.toggle("hidden", visible === 0);
  }
  const counter = document.getElementById("filter-count");
  if (counter) counter.textContent = shown + " of " + total + " shown";
}
function openTarget() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (target && target.tagName === "DETAILS") target.open = true;
}
document.addEventListener("DOMContentLoaded", () => {
  const input = document.getElementById("filter");
  if (input) {
    input.addEventListener("input", () => applyFilter(input));
    applyFilter(input);
  }
  openTarget();
});
window.addEventListener("hashchange", openTarget);
"""
