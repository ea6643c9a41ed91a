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
details.picture img { display: block; max-width: 100%; height: auto; cursor: zoom-in; }
details.picture .frame.full img { max-width: none; cursor: zoom-out; }
p.empty { padding: 10px 14px; border: 1px dashed #9aa4ae; border-radius: 4px; color: var(--muted);
          background: var(--band); }
p.generated a { margin-right: 4px; }
details.picture p { margin: 4px 10px; color: var(--muted); font-size: 13px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 12px; border: 1px solid var(--line);
         margin-right: 4px; white-space: nowrap; }
.badge.pass { color: var(--pass); border-color: #9fd3b0; } .badge.fail { color: var(--fail); border-color: #f1a39b; }
.badge.known { color: var(--known); border-color: #e8cf8c; } .badge.skip, .badge.none { color: var(--skip); }
ul.notes li { margin: 3px 0; }
.hidden { display: none; }
.scroll { overflow: auto; max-width: 100%; max-height: 80vh; border: 1px solid var(--line); }
.scroll table { margin: 0; }
td code { white-space: nowrap; }
td.type code { white-space: normal; }
.aside { color: var(--muted); font-size: 12px; }
details#notes > summary { cursor: pointer; color: var(--muted); }
"""

# Filter: a row of a `table.filterable` stays visible when its text (and, on the index, the
# words of one of its instances, data-instances) contains every word typed and no word typed
# with a leading '-' (case-insensitive). Groups, sections and pictures left empty are hidden,
# and a line says when nothing matches. An opened #pic-... link opens its <details>; a click
# on a picture toggles its full size.
SCRIPT = """\
"use strict";
function terms(value) {
  const words = value.toLowerCase().split(/\\s+/).filter(Boolean);
  return {
    want: words.filter((w) => !(w.startsWith("-") && w.length > 1)),
    not: words.filter((w) => w.startsWith("-") && w.length > 1).map((w) => w.slice(1)),
  };
}
function matches(text, t) {
  return t.want.every((w) => text.includes(w)) && !t.not.some((w) => text.includes(w));
}
function applyFilter(input) {
  const t = terms(input.value);
  const active = t.want.length + t.not.length > 0;
  let shown = 0, total = 0;
  const visible = new Set();
  for (const row of document.querySelectorAll("table.filterable tbody tr")) {
    const text = row.textContent.toLowerCase();
    const instances = row.dataset.instances ? row.dataset.instances.split("\\n") : null;
    const hits = instances ? instances.filter((i) => matches(text + " " + i, t)).length : 0;
    const keep = instances ? hits > 0 || (instances.length === 0 && matches(text, t)) : matches(text, t);
    row.classList.toggle("hidden", !keep);
    const count = row.querySelector("td.count");
    if (count) count.textContent = active && keep ? hits + " of " + count.dataset.total : count.dataset.total;
    total += 1;
    if (keep) { shown += 1; if (row.id) visible.add(row.id.replace(/^instance-/, "")); }
  }
  for (const group of document.querySelectorAll("[data-group]")) {
    const rows = group.querySelectorAll("table.filterable tbody tr");
    const left = group.querySelectorAll("table.filterable tbody tr:not(.hidden)").length;
    group.classList.toggle("hidden", rows.length > 0 && left === 0);
  }
  const pictures = document.querySelectorAll("details.picture[data-instances]");
  let drawn = 0;
  for (const picture of pictures) {
    const keep = !active || picture.dataset.instances.split(" ").some((i) => visible.has(i));
    picture.classList.toggle("hidden", !keep);
    if (keep) drawn += 1;
  }
  const pictureCount = document.getElementById("picture-count");
  if (pictureCount) {
    pictureCount.textContent = active ? drawn + " of " + pictures.length + " distinct operand pictures"
      : pictures.length + " distinct operand pictures";
  }
  const counter = document.getElementById("filter-count");
  if (counter) counter.textContent = shown + " of " + total + " shown";
  const empty = document.getElementById("filter-empty");
  if (empty) {
    const what = empty.dataset.what;
    empty.textContent = "No " + what + " matches \\u201c" + input.value.trim() + "\\u201d: every word must match " +
      "one " + what + " (-word excludes); clear the filter to see all " + total + ".";
    empty.classList.toggle("hidden", shown > 0);
  }
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
  for (const frame of document.querySelectorAll("details.picture .frame")) {
    frame.addEventListener("click", () => frame.classList.toggle("full"));
  }
  openTarget();
});
window.addEventListener("hashchange", openTarget);
"""
