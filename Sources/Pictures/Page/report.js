"use strict";
// turbo-replay's HTML report: draws the JSON model in #report-data. Every text from a log goes
// into the page as text (textContent, createElement), never as markup.
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  performance.mark("report-parsed");
  const SVG = "http://www.w3.org/2000/svg";
  const R = { t: 0, layer: 1, kind: 2, what: 3, cause: 4, level: 5, log: 6, line: 7, raw: 8, rawLength: 9 };
  const M = { lane: 0, t: 1, end: 2, kind: 3, level: 4, label: 5, row: 6 };
  const LANE_H = 24, LABEL_W = 190, AXIS_H = 22;
  const rows = data.rows, marks = data.marks;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const key in attrs) node.setAttribute(key, String(attrs[key]));
    return node;
  }
  function ms(t) { return (Math.round(t * 1000) / 1000).toString(); }
  function utf8Length(text) { return new TextEncoder().encode(text).length; }

  // --- Time with the axis's breaks: a break keeps a narrow band, so busy stretches keep one scale.
  const start = data.start, end = data.end > data.start ? data.end : data.start + 1000;
  const breaks = data.breaks.filter(function (b) { return b[1] > b[0]; });
  const keptSpan = (end - start) - breaks.reduce(function (s, b) { return s + b[1] - b[0]; }, 0);
  const gapU = Math.max(keptSpan, 1) * 0.015;
  function u(t) {
    let s = t - start;
    for (const b of breaks) {
      if (t >= b[1]) s -= (b[1] - b[0]) - gapU;
      else if (t > b[0]) s -= (t - b[0]) - (t - b[0]) / (b[1] - b[0]) * gapU;
    }
    return s;
  }
  const fullU = [u(start) - (u(end) - u(start)) * 0.01, u(end) + (u(end) - u(start)) * 0.02];
  let view = fullU.slice();
  let selected = null;

  // --- The page's parts.
  const root = el("main", "report");
  document.body.appendChild(root);
  const title = el("h1", null, data.title);
  document.title = "turbo-replay: " + data.title;
  root.appendChild(title);
  const top = el("section", "top");
  root.appendChild(top);
  const headerTable = el("table", "header");
  for (const pair of data.header) {
    const tr = el("tr");
    tr.appendChild(el("th", null, pair[0]));
    tr.appendChild(el("td", null, pair[1]));
    headerTable.appendChild(tr);
  }
  top.appendChild(headerTable);
  const summary = el("div", "summary");
  top.appendChild(summary);
  if (data.figures.length) {
    summary.appendChild(el("h2", null, "Figures"));
    const pre = el("pre", "figures", data.figures.join("\n"));
    summary.appendChild(pre);
  }
  const findingRows = [];
  rows.forEach(function (row, i) { if (row[R.level] !== null) findingRows.push(i); });
  findingRows.sort(function (a, b) { return rows[a][R.t] - rows[b][R.t] || a - b; });
  summary.appendChild(el("h2", null, findingRows.length ? findingRows.length + " findings" : "No findings"));
  const findingList = el("ol", "findings");
  for (const i of findingRows) {
    const li = el("li", "level-" + rows[i][R.level]);
    const a = el("a", null, ms(rows[i][R.t]) + " ms · " + rows[i][R.what]);
    a.href = "#row=" + i;
    li.appendChild(a);
    li.appendChild(el("div", "sentence", rows[i][R.cause]));
    findingList.appendChild(li);
  }
  summary.appendChild(findingList);
  for (const note of data.leftOut) root.appendChild(el("p", "left-out", note));

  // --- The timeline.
  const timeline = el("section", "timeline");
  root.appendChild(timeline);
  const help = el("p", "help", "Wheel or +/− to zoom, drag or ←/→ to pan, 0 to see all, j/k for the next or previous row. Click a mark for its row.");
  timeline.appendChild(help);
  const chartBox = el("div", "chart");
  chartBox.tabIndex = 0;
  timeline.appendChild(chartBox);
  const legend = el("div", "legend");
  timeline.appendChild(legend);

  function xOf(value, width) { return LABEL_W + (value - view[0]) / (view[1] - view[0]) * (width - LABEL_W - 10); }

  function niceStep(span, width) {
    const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000, 900000, 1800000, 3600000, 7200000, 21600000, 43200000, 86400000];
    for (const step of steps) if (step / span * width >= 80) return step;
    return steps[steps.length - 1];
  }
  function tickLabel(t, step) {
    if (Math.abs(end - start) < 1000000) return ms(t / 1000) + " s";
    const sign = t < 0 ? "−" : "", whole = Math.abs(t), s = Math.floor(whole / 1000);
    const two = function (n) { return n < 10 ? "0" + n : String(n); };
    return sign + Math.floor(s / 3600) + ":" + two(Math.floor(s / 60) % 60) + ":" + two(s % 60) + (step < 1000 ? "." + String(Math.round(whole % 1000)).padStart(3, "0") : "");
  }

  function draw() {
    const width = Math.max(chartBox.clientWidth, 600);
    const height = AXIS_H + data.lanes.length * LANE_H + 6;
    const chart = svg("svg", { width: width, height: height, class: "chart-svg" });
    data.lanes.forEach(function (name, i) {
      const y = AXIS_H + i * LANE_H;
      chart.appendChild(svg("rect", { x: 0, y: y, width: width, height: LANE_H, class: i % 2 ? "lane odd" : "lane" }));
      const label = svg("text", { x: 6, y: y + 16, class: "lane-label" });
      label.textContent = name.length > 28 ? name.slice(0, 27) + "…" : name;
      const whole = svg("title", {});
      whole.textContent = name;
      label.appendChild(whole);
      chart.appendChild(label);
    });
    drawAxis(chart, width, height);
    const visible = [view[0] - (view[1] - view[0]) * 0.01, view[1]];
    // Marks of one kind on the same pixels of their lane are one mark at this zoom: drawn once
    // (the selected one always), and apart again when zoomed in.
    const drawn = new Set();
    const fragment = document.createDocumentFragment();
    marks.forEach(function (mark, index) {
      const a = u(mark[M.t]), b = mark[M.end] === null ? a : u(mark[M.end]);
      if (b < visible[0] || a > visible[1]) return;
      const key = mark[M.lane] + " " + mark[M.kind] + " " + mark[M.level] + " " + Math.round(xOf(a, width)) + " " + Math.round(xOf(b, width));
      const chosen = mark[M.row] !== null && mark[M.row] === selected;
      if (!chosen && drawn.has(key)) return;
      drawn.add(key);
      fragment.appendChild(drawMark(mark, index, width));
    });
    chart.appendChild(fragment);
    chartBox.replaceChildren(chart);
  }

  function drawAxis(chart, width, height) {
    const realSpan = (view[1] - view[0]);
    const step = niceStep(realSpan, width - LABEL_W);
    const segments = [];
    let from = start - step;
    for (const b of breaks) { segments.push([from, b[0]]); from = b[1]; }
    segments.push([from, end + step * 2]);
    for (const seg of segments) {
      for (let t = Math.ceil(seg[0] / step) * step; t <= seg[1]; t += step) {
        const x = xOf(u(t), width);
        if (x < LABEL_W || x > width) continue;
        chart.appendChild(svg("line", { x1: x, x2: x, y1: AXIS_H - 4, y2: height, class: "tick" }));
        const label = svg("text", { x: x + 2, y: 12, class: "tick-label" });
        label.textContent = tickLabel(t, step);
        chart.appendChild(label);
      }
    }
    for (const b of breaks) {
      const x0 = xOf(u(b[0]), width), x1 = xOf(u(b[1]), width);
      if (x1 < LABEL_W || x0 > width) continue;
      const band = svg("rect", { x: Math.max(x0, LABEL_W), y: AXIS_H - 4, width: Math.max(2, x1 - Math.max(x0, LABEL_W)), height: height - AXIS_H + 4, class: "axis-break" });
      const note = svg("title", {});
      note.textContent = "axis break: nothing from " + ms(b[0]) + " to " + ms(b[1]) + " ms";
      band.appendChild(note);
      chart.appendChild(band);
    }
  }

  // A mark's words: its own, or its row's; a view's span says how long it was up.
  function markText(mark) {
    let text = mark[M.label];
    if (!text && mark[M.row] !== null) text = rows[mark[M.row]][R.what] + ": " + rows[mark[M.row]][R.cause];
    if (mark[M.kind] === "view-policy" || mark[M.kind] === "view-app") {
      text = WORDS[mark[M.kind]] + ", " + ms(mark[M.end] - mark[M.t]) + " ms: " + text;
    }
    return text;
  }

  function drawMark(mark, index, width) {
    const y = AXIS_H + mark[M.lane] * LANE_H;
    const x0 = xOf(u(mark[M.t]), width);
    const group = svg("g", { class: "mark m-" + mark[M.kind] + (mark[M.level] ? " level-" + mark[M.level] : "") + (mark[M.row] !== null && mark[M.row] === selected ? " selected" : "") });
    group.dataset.mark = String(index);
    if (mark[M.end] !== null) {
      const x1 = xOf(u(mark[M.end]), width);
      const left = Math.max(x0, LABEL_W), right = Math.min(x1, width);
      group.appendChild(svg("rect", { x: left, y: y + 4, width: Math.max(2, right - left), height: LANE_H - 8, rx: 2 }));
      const room = right - left - 6;
      if (room > 30) {
        const text = svg("text", { x: left + 3, y: y + 16, class: "mark-label" });
        const chars = Math.floor(room / 6.4);
        const label = markText(mark);
        text.textContent = label.length > chars ? label.slice(0, Math.max(1, chars - 1)) + "…" : label;
        group.appendChild(text);
      }
    } else if (mark[M.kind] === "finding") {
      group.appendChild(svg("path", { d: "M" + x0 + " " + (y + 5) + " l6 12 l-12 0 Z" }));
    } else {
      group.appendChild(svg("rect", { x: x0 - 1.5, y: y + 4, width: 3, height: LANE_H - 8 }));
    }
    const tip = svg("title", {});
    tip.textContent = ms(mark[M.t]) + (mark[M.end] !== null ? "–" + ms(mark[M.end]) : "") + " ms: " + markText(mark);
    group.appendChild(tip);
    return group;
  }

  const WORDS = {
    "net-offline": "offline (the app's connectivity)", "net-online": "online (the app's connectivity)",
    "latency": "latency", "late": "latency, late", "view-policy": "error view, by the policy",
    "view-app": "error view, by the app's log", "retry": "the policy's retry", "deferred": "retry deferred",
    "app-retry": "the app's retry", "tap-retry": "the user's tap on Retry", "dismissed": "dismissed",
    "foreground": "foreground", "finish": "a page finished loading", "launch": "launch",
    "offline": "the amber pill", "back-online": "the back-online flash", "toast": "toast",
    "seen": "what the page showed (seen)", "record": "a record of the log",
    "finding info": "finding: info", "finding warning": "finding: warning", "finding error": "finding: error"
  };
  const kinds = {};
  for (const mark of marks) kinds[mark[M.kind] + (mark[M.level] ? " " + mark[M.level] : "")] = mark;
  Object.keys(kinds).sort().forEach(function (key) {
    const mark = kinds[key];
    const item = el("span", "legend-item");
    const swatch = svg("svg", { width: 14, height: 12 });
    const g = svg("g", { class: "mark m-" + mark[M.kind] + (mark[M.level] ? " level-" + mark[M.level] : "") });
    g.appendChild(svg("rect", { x: 0, y: 0, width: 14, height: 12, rx: 2 }));
    swatch.appendChild(g);
    item.appendChild(swatch);
    item.appendChild(el("span", null, WORDS[key] || key));
    legend.appendChild(item);
  });

  // --- Zoom and pan.
  function zoom(factor, at) {
    const span = view[1] - view[0];
    let next = Math.max(span * factor, 1);
    next = Math.min(next, (fullU[1] - fullU[0]) * 1.5);
    const ratio = (at - view[0]) / span;
    view = [at - ratio * next, at - ratio * next + next];
    draw();
  }
  function pan(fraction) {
    const shift = (view[1] - view[0]) * fraction;
    view = [view[0] + shift, view[1] + shift];
    draw();
  }
  function valueAt(clientX) {
    const box = chartBox.getBoundingClientRect(), width = Math.max(chartBox.clientWidth, 600);
    return view[0] + (clientX - box.left - LABEL_W) / (width - LABEL_W - 10) * (view[1] - view[0]);
  }
  chartBox.addEventListener("wheel", function (event) {
    event.preventDefault();
    zoom(event.deltaY > 0 ? 1.25 : 0.8, valueAt(event.clientX));
  }, { passive: false });
  let dragging = null;
  chartBox.addEventListener("mousedown", function (event) { dragging = { x: event.clientX, view: view.slice(), moved: false }; });
  window.addEventListener("mousemove", function (event) {
    if (!dragging) return;
    const width = Math.max(chartBox.clientWidth, 600);
    const dx = event.clientX - dragging.x;
    if (Math.abs(dx) > 3) dragging.moved = true;
    const shift = dx / (width - LABEL_W - 10) * (dragging.view[1] - dragging.view[0]);
    view = [dragging.view[0] - shift, dragging.view[1] - shift];
    draw();
  });
  window.addEventListener("mouseup", function () { setTimeout(function () { dragging = null; }, 0); });
  chartBox.addEventListener("click", function (event) {
    if (dragging && dragging.moved) return;
    const group = event.target.closest ? event.target.closest("[data-mark]") : null;
    if (!group) return;
    const mark = marks[Number(group.dataset.mark)];
    if (mark[M.row] !== null) select(mark[M.row], true);
    else showDetail(null, mark);
  });
  document.addEventListener("keydown", function (event) {
    if (event.target && (event.target.tagName === "INPUT" || event.target.tagName === "SELECT")) return;
    const middle = (view[0] + view[1]) / 2;
    if (event.key === "+" || event.key === "=") zoom(0.8, middle);
    else if (event.key === "-" || event.key === "_") zoom(1.25, middle);
    else if (event.key === "ArrowLeft") pan(-0.2);
    else if (event.key === "ArrowRight") pan(0.2);
    else if (event.key === "0") { view = fullU.slice(); draw(); }
    else if (event.key === "j" || event.key === "k") step(event.key === "j" ? 1 : -1);
    else return;
    event.preventDefault();
  });

  // --- The table, its filters and the detail panel.
  const controls = el("section", "controls");
  root.appendChild(controls);
  function choice(label, values) {
    const wrap = el("label", null, label + " ");
    const select = el("select");
    for (const value of values) { const option = el("option", null, value); option.value = value; select.appendChild(option); }
    wrap.appendChild(select);
    controls.appendChild(wrap);
    return select;
  }
  function distinct(index) { return ["all"].concat(Array.from(new Set(rows.map(function (r) { return r[index]; }).filter(function (v) { return v !== null; }))).sort()); }
  const layerFilter = choice("layer", distinct(R.layer));
  const kindFilter = choice("kind", distinct(R.kind));
  const levelFilter = choice("level", distinct(R.level));
  const search = el("input");
  search.type = "search";
  search.placeholder = "search the rows and their raw lines";
  search.id = "search";
  controls.appendChild(search);
  const count = el("span", "count");
  controls.appendChild(count);

  const body = el("section", "body");
  root.appendChild(body);
  const tableBox = el("div", "table-box");
  body.appendChild(tableBox);
  const detail = el("aside", "detail");
  detail.appendChild(el("p", "detail-empty", "Select a row, or a mark on the timeline: it shows here whole, with its raw line."));
  body.appendChild(detail);
  // Rows are grid boxes, not a <table>: each is laid out only when near the view
  // (content-visibility), so 10,000 rows cost what the visible ones do.
  const table = el("div", "rows");
  table.setAttribute("role", "table");
  const head = el("div", "rows-head");
  for (const name of ["t (ms)", "layer", "what", "cause", "log:line"]) head.appendChild(el("div", null, name));
  table.appendChild(head);
  const tbody = el("div", "rows-body");
  table.appendChild(tbody);
  tableBox.appendChild(table);
  const trs = rows.map(function (row, i) {
    const tr = el("div", "row kind-" + row[R.kind] + (row[R.level] ? " level-" + row[R.level] : ""));
    tr.dataset.row = String(i);
    tr.setAttribute("role", "row");
    tr.appendChild(el("div", "t", ms(row[R.t])));
    tr.appendChild(el("div", "layer", row[R.layer]));
    tr.appendChild(el("div", "what", row[R.what]));
    tr.appendChild(el("div", "cause", row[R.cause]));
    const where = el("div", "where");
    if (row[R.line] !== null) {
      const button = el("button", "raw-toggle", (row[R.log] === 0 ? data.logs.length > 1 ? "web" : "log" : "native") + ":" + row[R.line]);
      button.title = "show the raw line";
      where.appendChild(button);
    } else {
      where.appendChild(el("span", "timer", "timer"));
      where.title = "decided by a timer, not by a line of the log";
    }
    tr.appendChild(where);
    tbody.appendChild(tr);
    return tr;
  });
  performance.mark("report-table");
  const haystack = rows.map(function (row) { return (row[R.what] + " " + row[R.cause] + " " + (row[R.raw] || "")).toLowerCase(); });

  function rawText(row) {
    let text = row[R.raw];
    const kept = utf8Length(text);
    if (row[R.rawLength] > kept) text += "… (" + row[R.rawLength] + " bytes, cut at " + kept + ")";
    return text;
  }
  function toggleRaw(i) {
    const tr = trs[i], next = tr.nextSibling;
    if (next && next.classList.contains("raw")) { next.remove(); return; }
    const rawRow = el("div", "raw");
    const cell = rawRow;
    cell.appendChild(el("div", "raw-where", data.logs[rows[i][R.log]] + ", line " + rows[i][R.line]));
    cell.appendChild(el("pre", null, rawText(rows[i])));
    tr.after(rawRow);
  }
  tbody.addEventListener("click", function (event) {
    const tr = event.target.closest(".row");
    if (!tr) return;
    const i = Number(tr.dataset.row);
    if (event.target.closest(".raw-toggle")) toggleRaw(i);
    select(i, false);
  });

  function applyFilters() {
    const layer = layerFilter.value, kind = kindFilter.value, level = levelFilter.value;
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    rows.forEach(function (row, i) {
      const ok = (layer === "all" || row[R.layer] === layer) && (kind === "all" || row[R.kind] === kind) &&
        (level === "all" || row[R.level] === level) && words.every(function (w) { return haystack[i].indexOf(w) >= 0; });
      trs[i].hidden = !ok;
      const next = trs[i].nextSibling;
      if (next && next.classList.contains("raw")) next.hidden = !ok;
      if (ok) shown += 1;
    });
    count.textContent = shown + " of " + rows.length + " rows";
  }
  for (const control of [layerFilter, kindFilter, levelFilter]) control.addEventListener("change", applyFilters);
  search.addEventListener("input", applyFilters);

  function showDetail(i, mark) {
    detail.replaceChildren();
    if (i === null) {
      detail.appendChild(el("h2", null, "Mark"));
      detail.appendChild(el("p", "whole", ms(mark[M.t]) + (mark[M.end] !== null ? "–" + ms(mark[M.end]) : "") + " ms"));
      detail.appendChild(el("p", "whole", markText(mark)));
      return;
    }
    const row = rows[i];
    detail.appendChild(el("h2", null, ms(row[R.t]) + " ms · " + row[R.layer]));
    detail.appendChild(el("p", "whole what", row[R.what]));
    if (row[R.cause]) detail.appendChild(el("p", "whole cause", row[R.cause]));
    if (row[R.line] !== null) {
      detail.appendChild(el("p", "raw-where", data.logs[row[R.log]] + ", line " + row[R.line]));
      detail.appendChild(el("pre", "whole", rawText(row)));
    } else {
      detail.appendChild(el("p", "raw-where", "decided by a timer: no line of the log at this time"));
    }
  }

  function select(i, fromMark) {
    if (i === null || i < 0 || i >= rows.length) return;
    if (selected !== null) trs[selected].classList.remove("selected");
    selected = i;
    trs[i].classList.add("selected");
    if (trs[i].hidden) { layerFilter.value = "all"; kindFilter.value = "all"; levelFilter.value = "all"; search.value = ""; applyFilters(); }
    trs[i].scrollIntoView({ block: "center" });
    const value = u(rows[i][R.t]);
    if (value < view[0] || value > view[1]) { const span = view[1] - view[0]; view = [value - span / 2, value + span / 2]; }
    draw();
    showDetail(i, null);
    if (location.hash !== "#row=" + i) history.replaceState(null, "", "#row=" + i);
    if (fromMark) chartBox.focus({ preventScroll: true });
  }
  function step(direction) {
    let i = selected === null ? (direction > 0 ? -1 : rows.length) : selected;
    do { i += direction; } while (i >= 0 && i < rows.length && trs[i].hidden);
    if (i >= 0 && i < rows.length) select(i, false);
  }
  function fromHash() {
    const found = /^#row=(\d+)$/.exec(location.hash);
    if (found) select(Number(found[1]), false);
  }
  window.addEventListener("hashchange", fromHash);
  window.addEventListener("resize", draw);

  applyFilters();
  draw();
  fromHash();
  // For bench/html-report: the time from navigation until the page was drawn.
  performance.mark("report-drawn");
  document.body.dataset.ready = "true";
})();
