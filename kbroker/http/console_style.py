"""The web console's one stylesheet (served at /console.css): plain CSS, no fonts or images from elsewhere."""

STYLESHEET = """\
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d232b; background: #f6f7f9; }
header { display: flex; align-items: center; gap: 24px; padding: 10px 24px; background: #1d2b3a; color: #fff; }
header .brand { font-weight: 600; font-size: 16px; }
nav a { color: #c9d6e3; text-decoration: none; margin-right: 16px; }
nav a.current, nav a:hover { color: #fff; border-bottom: 2px solid #5fb3ff; }
main { padding: 16px 24px 40px; }
h1 { font-size: 20px; margin: 4px 0 16px; word-break: break-all; }
h2 { font-size: 16px; margin: 24px 0 8px; }
table { border-collapse: collapse; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
th, td { padding: 5px 10px; border-bottom: 1px solid #e3e6ea; text-align: left; vertical-align: top; }
th { background: #eef1f4; font-weight: 600; white-space: nowrap; }
td { font-variant-numeric: tabular-nums; word-break: break-all; }
a { color: #0b63b6; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 4px 16px; margin: 0; }
dl.facts dt { color: #5a6470; }
dl.facts dd { margin: 0; word-break: break-all; }
p.note { color: #5a6470; font-size: 12px; }
table.records pre { margin: 0; white-space: pre-wrap; word-break: break-all; font: 12px/1.35 ui-monospace, monospace; }
table.records pre.hex { color: #5b3c88; }
table.records .null, table.records .how { color: #8a939d; font-style: italic; }
ul.headers { margin: 0; padding: 0; list-style: none; }
form.browse { display: flex; gap: 12px; align-items: center; margin: 16px 0 0; flex-wrap: wrap; }
p.pager a { margin-right: 12px; }
div.traffic { display: flex; gap: 16px; flex-wrap: wrap; }
div.traffic figure { margin: 0; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); padding: 6px; }
div.traffic figcaption { font-size: 12px; color: #5a6470; }
svg.chart rect.frame { fill: #fbfcfd; stroke: #e3e6ea; }
svg.chart polyline { stroke-width: 1.5; }
svg.chart polyline.in { stroke: #0b63b6; }
svg.chart polyline.out { stroke: #d9730d; }
svg.chart text.scale { font-size: 10px; fill: #8a939d; }
form.write { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 10px 12px; background: #fff;
  box-shadow: 0 1px 2px rgba(0,0,0,.08); }
form.delete-topic button { color: #a32020; }
ul.result { padding: 10px 28px; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
ul.result.done { border-left: 3px solid #2e9b4f; }
ul.result.error { border-left: 3px solid #c93a3a; }
p.error, p.elsewhere { padding: 8px 12px; background: #fff4e5; border-left: 3px solid #e39b2d; }
"""
