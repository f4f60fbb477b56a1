// The console's live throughput charts: every element with class "traffic" (data-topic names a topic; none means
// the whole node) gets two SVG line charts, bytes in and out per second and messages in per second, drawn from
// the differences between polls of /console/traffic.json. Plain script, nothing fetched from elsewhere; the pages
// work without it.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const KEEP = 60;  // samples kept per chart
  const WIDTH = 480, HEIGHT = 120;
  const charts = Array.from(document.querySelectorAll(".traffic"));
  if (!charts.length) return;
  const interval = Number(charts[0].dataset.interval || 2000);
  let previous = null;
  const series = charts.map(() => []);

  function counters(doc, topic) {
    if (!topic) return doc.node;
    return doc.topics[topic] || {bytes_in: 0, bytes_out: 0, messages_in: 0};
  }

  function make(name, attrs) {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  function human(value) {
    const units = ["", "k", "M", "G"];
    let i = 0;
    while (value >= 1000 && i < units.length - 1) { value /= 1000; i++; }
    return (i ? value.toFixed(1) : value.toFixed(value < 10 ? 1 : 0)) + units[i];
  }

  function draw(svg, points, lines) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const top = Math.max(1, ...points.flatMap(p => lines.map(l => p[l.field])));
    svg.appendChild(make("rect", {x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "frame"}));
    lines.forEach(line => {
      const coords = points.map((p, i) => {
        const x = i * WIDTH / Math.max(points.length - 1, 1);
        const y = HEIGHT - 4 - (HEIGHT - 8) * p[line.field] / top;
        return x.toFixed(1) + "," + y.toFixed(1);
      });
      svg.appendChild(make("polyline", {points: coords.join(" "), class: line.cls, fill: "none"}));
    });
    const label = make("text", {x: 4, y: 12, class: "scale"});
    label.textContent = "max " + human(top) + "/s";
    svg.appendChild(label);
    svg.dataset.samples = String(points.length);
  }

  function legend(el, point, lines) {
    el.textContent = lines.map(l => l.label + " " + human(point[l.field]) + "/s").join(" \u00b7 ");
  }

  const BYTES = [{field: "bytes_in", label: "bytes in", cls: "in"},
                 {field: "bytes_out", label: "bytes out", cls: "out"}];
  const MESSAGES = [{field: "messages_in", label: "messages in", cls: "in"}];

  const views = charts.map(el => {
    el.textContent = "";
    const parts = [BYTES, MESSAGES].map(lines => {
      const figure = document.createElement("figure");
      const svg = make("svg", {viewBox: "0 0 " + WIDTH + " " + HEIGHT, width: WIDTH, height: HEIGHT,
                               class: "chart", "data-samples": "0"});
      const caption = document.createElement("figcaption");
      figure.appendChild(svg);
      figure.appendChild(caption);
      el.appendChild(figure);
      return {svg, caption, lines};
    });
    return {topic: el.dataset.topic || "", parts};
  });

  async function poll() {
    try {
      const answer = await fetch("/console/traffic.json", {cache: "no-store"});
      const doc = await answer.json();
      if (previous && doc.time_s > previous.time_s) {
        const seconds = doc.time_s - previous.time_s;
        views.forEach((view, i) => {
          const now = counters(doc, view.topic), before = counters(previous, view.topic);
          const rate = {};
          for (const field of ["bytes_in", "bytes_out", "messages_in"]) {
            rate[field] = Math.max(0, now[field] - before[field]) / seconds;
          }
          series[i].push(rate);
          if (series[i].length > KEEP) series[i].shift();
          view.parts.forEach(part => {
            draw(part.svg, series[i], part.lines);
            legend(part.caption, rate, part.lines);
          });
        });
      }
      previous = doc;
    } catch (e) {
      views.forEach(view => { view.parts[0].caption.textContent = "traffic unavailable: " + e; });
    }
    setTimeout(poll, interval);
  }
  poll();
})();
