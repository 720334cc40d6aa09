/*
 * turbo-recorder.js — records what a page's offline banner sees, as
 * TurboReplay recording format v1 (JSON Lines; see recording-format.md).
 *
 * Dependency-free. Load it as a classic <script> or as a module (importmap
 * `import "turbo-recorder"`); it has no exports on purpose, so the same file
 * parses in both. It installs one global, window.TurboRecorder.
 *
 * Works with Turbo 7.1+ and Turbo 8: it only reads event details that both
 * have (7.1 never fires turbo:fetch-request-error; that record just never
 * appears there).
 *
 * Rules it keeps, because field logs come from real users' pages:
 *   - it never throws into the page (every entry point is guarded);
 *   - memory is bounded (maxLines and maxBytes; the oldest lines after
 *     `meta` are dropped and counted);
 *   - every line is one the readers take: no NUL in any text, each text cut
 *     to MAX_TEXT characters (the record says by how much: `textCut`), no
 *     line over the readers' 1 MiB;
 *   - no form contents, and URLs cut to their path (no origin, query string
 *     or fragment) in every record, unless asked for.
 *
 * Besides events it writes `seen`: what the page's own banner showed a person
 * (visible, text), at connect and at each change, so a check can hold the app
 * itself, not only the contract's model of it, to the contract.
 *
 * Options come from window.TurboRecorderConfig (an object set before this
 * script runs) over <meta name="turbo-recorder-OPTION" content="…"> tags.
 */
(function () {
  "use strict";
  if (typeof window === "undefined" || typeof document === "undefined") return;
  if (window.TurboRecorder) return; // loaded twice (head + body, classic + module)

  var DEFAULTS = {
    enabled: true,
    // Where the banner's Stimulus controller keeps its context value.
    contextAttribute: "data-railsfast--offline-banner-context-value",
    // What the user saw: the banner element (`seen` records) and its label inside it.
    recordSeen: true,
    bannerSelector: '[data-controller~="railsfast--offline-banner"]',
    labelSelector: '[data-railsfast--offline-banner-target~="label"]',
    sink: "",            // URL to POST batches to; empty = keep in memory only
    flushInterval: 5000, // ms between POSTs of pending lines
    batchSize: 100,      // POST early once this many lines are pending
    maxLines: 5000,      // cap on buffered lines (meta included)
    maxBytes: 2097152,   // cap on buffered bytes (UTF-8, a newline a line; meta included)
    persist: true,       // keep the buffer in sessionStorage across full loads
    storageKey: "turbo-recorder",
    recordQuery: false,  // keep ?query and #fragment in URLs
    recordOrigin: false, // keep scheme://host:port in URLs (every record, same-origin or not)
    recordFormData: false, // add form fields to turbo:submit-start
    source: "",          // meta.source; empty = guessed from the user agent
    // meta.app: the release of the app around the page, as the native shell reports it
    // (TurboRecorderConfig.app = {version, build}, or these two as meta tags).
    appVersion: "",
    appBuild: "",
    token: ""            // the collector's shared token, sent as ?token= (a beacon cannot set a header)
  };

  var internalErrors = 0;
  function guard(fn) {
    return function (a, b) {
      try { return fn(a, b); } catch (_) { internalErrors++; }
    };
  }

  // ---- options -----------------------------------------------------------

  function readOptions() {
    var o = {}, k;
    for (k in DEFAULTS) o[k] = DEFAULTS[k];
    for (k in DEFAULTS) {
      var meta = document.querySelector('meta[name="turbo-recorder-' + kebab(k) + '"]');
      if (meta) o[k] = coerce(meta.getAttribute("content"), DEFAULTS[k]);
    }
    var given = window.TurboRecorderConfig;
    if (given && typeof given === "object") {
      for (k in DEFAULTS) if (k in given) o[k] = coerce(given[k], DEFAULTS[k]);
      var app = given.app;
      if (app && typeof app === "object") { // the whole release: a build from a tag would be another's
        o.appVersion = coerce(app.version, "");
        o.appBuild = coerce(app.build, "");
      }
    }
    return o;
  }

  // meta.app, when a version is known: {"version":"2.3.1","build":"231"} (build optional).
  function appIdentity() {
    if (!opts.appVersion) return null;
    var app = { version: opts.appVersion };
    if (opts.appBuild) app.build = opts.appBuild;
    return app;
  }
  function kebab(s) { return s.replace(/[A-Z]/g, function (c) { return "-" + c.toLowerCase(); }); }
  function coerce(v, like) {
    if (typeof like === "boolean") return v === true || v === "true" || v === "";
    if (typeof like === "number") { var n = Number(v); return isFinite(n) && n > 0 ? n : like; }
    return v == null ? "" : String(v);
  }
  function guessSource() {
    var ua = navigator.userAgent || "";
    if (/\b(CriOS|FxiOS|EdgiOS)\//.test(ua)) return "webkit"; // iOS browsers are WebKit
    if (/Firefox\//.test(ua)) return "firefox";
    if (/(Chrome|Chromium)\//.test(ua)) return "chromium";
    if (/AppleWebKit\//.test(ua)) return "webkit";
    return "browser";
  }

  var opts = readOptions();
  if (!opts.enabled) return;

  // ---- clock ---------------------------------------------------------------
  // One monotonic clock per tab session: performance.now() of this document,
  // shifted by how much later this document started than the first one, so a
  // full reload continues the timeline instead of going back to 0.

  function timeOrigin() {
    var p = window.performance;
    if (p && p.timeOrigin) return p.timeOrigin;
    if (p && p.timing && p.timing.navigationStart) return p.timing.navigationStart;
    return Date.now() - perfNow();
  }
  function perfNow() {
    return window.performance && performance.now ? performance.now() : 0;
  }

  // ---- state (what sessionStorage keeps) -----------------------------------

  var st = null;
  function freshState() {
    return {
      v: 1,
      session: Math.random().toString(36).slice(2) + Date.now().toString(36),
      origin: timeOrigin(), // epoch ms of t = 0
      lastT: 0,
      seq: 0,      // sequence number of the last line written
      acked: 0,    // highest sequence number the sink accepted
      sent: 0,     // highest sequence number handed to a request or a beacon
      dropped: 0,
      bytes: 0,    // the lines' UTF-8 bytes, a newline each
      lines: []    // [seq, jsonText] pairs, oldest first; lines[0] is meta
    };
  }

  function restore() {
    if (!opts.persist) return null;
    var raw = storage("get"), s = null;
    try { s = raw && JSON.parse(raw); } catch (_) { storageErrors++; } // corrupt: start over
    if (!s || s.v !== 1 || !s.lines || !s.lines.length) return null;
    var shift = timeOrigin() - s.origin;
    if (!(shift >= 0 && shift < 864e5)) return null; // clock went odd: start over
    s.bytes = 0; // counted again: a buffer saved by an older recorder has no count
    for (var i = 0; i < s.lines.length; i++) s.bytes += lineBytes(s.lines[i][1]);
    return s;
  }

  var storageErrors = 0;
  function storage(op, value) {
    try {
      var ss = window.sessionStorage;
      if (op === "get") return ss.getItem(opts.storageKey);
      if (op === "set") ss.setItem(opts.storageKey, value);
      if (op === "remove") ss.removeItem(opts.storageKey);
    } catch (_) { storageErrors++; } // private mode, quota, disabled storage
    return null;
  }

  var saveTimer = null;
  function save() {
    if (saveTimer) { clearTimeout(saveTimer); saveTimer = null; }
    if (opts.persist) storage("set", JSON.stringify(st));
  }
  function saveSoon() {
    if (opts.persist && !saveTimer) saveTimer = setTimeout(guard(save), 1000);
  }

  // ---- writing records -----------------------------------------------------

  function now() {
    var t = Math.round((timeOrigin() - st.origin + perfNow()) * 10) / 10;
    if (!(t >= st.lastT)) t = st.lastT; // never decreasing, even if clocks disagree
    st.lastT = t;
    return t;
  }

  function push(text) {
    var size = lineBytes(text);
    // Not written by construction (every text is bounded); kept so that no bug can
    // write a line every reader refuses.
    if (size > MAX_LINE_BYTES + 1) { internalErrors++; return; }
    st.seq++;
    st.lines.push([st.seq, text]);
    st.bytes += size;
    // Keep meta (line 0) and the newest lines: a field report is about the end.
    while (st.lines.length > 1 && (st.lines.length > opts.maxLines || st.bytes > opts.maxBytes)) {
      st.bytes -= lineBytes(st.lines[1][1]);
      st.lines.splice(1, 1);
      st.dropped++;
    }
    saveSoon();
    sinkMaybeFlush();
  }

  function emit(type, fields) {
    var rec = { t: now(), type: type }, k;
    if (fields) for (k in fields) rec[k] = fields[k];
    push(line(rec));
  }

  // meta.session is the tab's session, the id a collector files the batches under, so a
  // recording says which stored session it is (and a native log's web-session record can
  // name it); meta.app says which release of the app it came from.
  function writeMeta() {
    var meta = {
      type: "meta",
      version: 1,
      source: opts.source || guessSource(),
      userAgent: navigator.userAgent,
      page: cleanUrl(location.href),
      startedAt: new Date(st.origin).toISOString(),
      session: st.session
    };
    var app = appIdentity();
    if (app) meta.app = app;
    push(line(meta));
  }

  // A bannerSelector that matches nothing on the recording's first page is
  // said once, as meta.bannerMissing (the selector), never silently. meta is
  // amended in place: the first connect comes long before a sink can have
  // taken line 1 (it waits flushInterval or batchSize lines); if it has, the
  // note goes to stats() only.
  function noteBannerMissing() {
    if (st.bannerNoted) return;
    st.bannerNoted = true;
    if (findBanner()) return;
    bannerMissing = opts.bannerSelector;
    var first = st.lines[0];
    // Not once line 1 has left (a fetch or a beacon): a collector holding it would refuse
    // the amended line as a conflict.
    if (!first || first[0] !== 1 || st.acked >= 1 || st.sent >= 1 || inFlight) return;
    var meta = JSON.parse(first[1]);
    if (meta.type !== "meta") return;
    meta.bannerMissing = opts.bannerSelector;
    st.bytes -= lineBytes(first[1]);
    first[1] = line(meta);
    st.bytes += lineBytes(first[1]);
    saveSoon();
  }

  // ---- texts every reader takes -----------------------------------------------
  // Every text in a record comes from the page or the browser (a URL, an error's
  // message, the banner's label, an attribute), and the readers refuse a line
  // with a NUL in it, or one longer than 1 MiB. So each text is written with
  // every NUL (U+0000) replaced by U+FFFD, and at most MAX_TEXT characters of
  // it (UTF-16 code units, as JavaScript counts them; a surrogate pair is never
  // split); a record whose texts were cut says by how many characters, field by
  // field: "textCut":{"error":2093056}. The fields of a form (recordFormData)
  // share MAX_FORM_TEXT characters, keys and values: a field past that is left
  // out, and counted whole in textCut.formData. A record's line is then under
  // 256 KiB however hostile the page.

  var MAX_TEXT = 4096;
  var MAX_FORM_TEXT = 8 * MAX_TEXT;
  var MAX_LINE_BYTES = 1048576; // what every reader takes (recording-format.md)

  // [the text as written, the characters cut from its end]
  function clip(s) {
    var cut = 0;
    if (s.length > MAX_TEXT) {
      var end = MAX_TEXT, c = s.charCodeAt(end - 1);
      if (c >= 0xd800 && c <= 0xdbff) end--; // a pair's first half would be written alone
      cut = s.length - end;
      s = s.slice(0, end);
    }
    if (s.indexOf("\u0000") >= 0) s = s.replace(/\u0000/g, "\ufffd");
    return [s, cut];
  }

  // A form's fields within MAX_FORM_TEXT: [fields, characters left out].
  function clipForm(fields) {
    var out = Object.create(null), left = MAX_FORM_TEXT, cut = 0, k;
    for (k in fields) {
      var value = String(fields[k]), key = clip(k), kept = clip(value);
      var size = key[0].length + kept[0].length;
      if (size > left || key[0] in out) { cut += k.length + value.length; continue; }
      left -= size;
      cut += key[1] + kept[1];
      out[key[0]] = kept[0];
    }
    return [out, cut];
  }

  // The record's line: its texts clipped, and its textCut when any was.
  function line(rec) {
    var out = {}, cuts = null, k, v, r;
    for (k in rec) {
      v = rec[k];
      r = null;
      if (typeof v === "string") r = clip(v);
      else if (k === "formData" && v && typeof v === "object") r = clipForm(v);
      if (r) {
        v = r[0];
        if (r[1]) (cuts = cuts || {})[k] = r[1];
      }
      out[k] = v;
    }
    if (cuts) out.textCut = cuts;
    return JSON.stringify(out);
  }

  // A line's size in the buffer: its UTF-8 bytes and a newline.
  function lineBytes(text) {
    var n = 1;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length &&
               (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
      else n += 3;
    }
    return n;
  }

  // ---- describing things without leaking them -------------------------------

  // The path alone, whatever the record: a cross-origin request's host, or the app's own,
  // can say who the user is (a tenant's subdomain), so it is kept only when asked for.
  function cleanUrl(u) {
    if (u == null) return null;
    try {
      var url = new URL(String(u), location.href);
      var tail = opts.recordQuery ? url.search + url.hash : "";
      return (opts.recordOrigin ? url.origin : "") + url.pathname + tail;
    } catch (_) {
      return null;
    }
  }

  // "html" for a Visit, "turbo-frame#comments", "form#composer", "a#next".
  function describe(el) {
    if (!el || !el.tagName) return "document";
    var d = el.tagName.toLowerCase();
    return el.id ? d + "#" + el.id : d;
  }

  function methodOf(req, fallback) {
    var m = (req && req.fetchOptions && req.fetchOptions.method) || fallback;
    return typeof m === "string" ? m.toUpperCase() : null;
  }

  function errorText(e) {
    if (e == null) return null;
    try { return String(e); } catch (_) { return "error"; }
  }

  function readContext() {
    var attr = opts.contextAttribute;
    var sel = "[" + (window.CSS && CSS.escape ? CSS.escape(attr) : attr) + "]";
    var el = document.body && document.body.querySelector(sel);
    var v = el && el.getAttribute(attr);
    return v ? v : null;
  }

  // ---- connect / disconnect -------------------------------------------------
  // The banner's controller lives in <body>. Turbo replaces <body> on every
  // render (a fetched page, a cache preview, a cache restore, a 4xx form
  // response), which disconnects the old controller and connects a new one.
  // So: one connect per <body> element we see, a disconnect before the next.
  // A MutationObserver catches the swap at the same moment Stimulus does (its
  // own observer); turbo:render / turbo:load re-check in case the observer is
  // lost (e.g. <html> itself replaced). Not turbo:before-render: an app can
  // pause, cancel or replace that render, so it does not prove a swap. A
  // morph (Turbo 8) keeps <body>, the controller stays connected: no record.

  // Not while the document is still being parsed: Stimulus connects
  // controllers once it is (and Turbo 7.1's first turbo:load can come first).
  var body = null;
  function syncBody() {
    if (document.readyState === "loading" || document.body === body) return;
    if (body) emit("disconnect");
    body = document.body;
    if (body) {
      emit("connect", {
        context: readContext(),
        online: navigator.onLine !== false, // a cache restore offline says false
        page: cleanUrl(location.href)
      });
      if (opts.recordSeen) { noteBannerMissing(); seenSoon(); }
    }
  }

  var rootObserver = null, htmlObserved = null;
  function observeBody() {
    if (!window.MutationObserver) return;
    if (!rootObserver) {
      rootObserver = new MutationObserver(guard(function () {
        if (document.documentElement !== htmlObserved) observeBody();
        syncBody();
      }));
      rootObserver.observe(document, { childList: true });
    }
    var html = document.documentElement;
    if (html && html !== htmlObserved) {
      rootObserver.observe(html, { childList: true });
      htmlObserved = html;
    }
  }

  // ---- what the user saw: `seen` ---------------------------------------------
  // One MutationObserver over the whole document: attributes that can hide
  // the banner or one of its ancestors (hidden, class, style), its text, and
  // children anywhere (Turbo swapping <body>, a morph replacing the banner).
  // The callback only compares nodes; the banner is measured (computed
  // style) only when a mutation touched it, an ancestor or its subtree.
  //
  // Measured in a microtask after the observer's callback, not in it: this
  // observer is created before Stimulus's, so at a body swap it runs before
  // the controller's connect() has set the pill. The microtask runs after
  // every observer of this mutation, so it sees what the next paint shows,
  // and changes made in one task (a failed request's pill, then its dead
  // submission's message) are one `seen`, as a person sees them. `t` is
  // when the observer heard of the change.
  //
  // Turbo's cache preview (<html data-turbo-preview>) shows the page as it
  // was cached, before any controller decided anything about it. Records
  // written while it is shown carry "preview":true; the first record after
  // it ends is written even when unchanged, so a reader knows when the
  // app's own banner is back in charge.

  var bannerEl = null, seenLast = null, seenDoc = false, seenQueued = false, seenT = null;
  var bannerMissing = null, seenObserver = null;
  var SEEN_ATTRS = ["hidden", "class", "style", "data-turbo-preview"];

  function findBanner() {
    var root = document.body;
    return root && opts.bannerSelector ? root.querySelector(opts.bannerSelector) ||
      (root.matches && root.matches(opts.bannerSelector) ? root : null) : null;
  }

  function isShown(el) {
    if (!el || !el.isConnected || el.hasAttribute("hidden")) return false;
    var cs = window.getComputedStyle ? getComputedStyle(el) : null;
    if (cs && (cs.visibility === "hidden" || cs.visibility === "collapse")) return false; // inherited
    for (var n = el; n && n.nodeType === 1; n = n.parentElement) {
      var s = window.getComputedStyle ? getComputedStyle(n) : null;
      if (s && s.display === "none") return false;
    }
    return true;
  }

  // The label as a person reads it: [the text as written, the characters cut] (`clip`).
  function labelText(el) {
    var label = opts.labelSelector && el.querySelector(opts.labelSelector);
    var raw = (label || el).textContent || "";
    return clip(raw.replace(/\s+/g, " ").replace(/^ | $/g, ""));
  }

  function touches(m) {
    var n = m.target;
    if (n === document.documentElement && m.attributeName === "data-turbo-preview") return true;
    if (!bannerEl || !bannerEl.isConnected) return true; // find it again
    if (m.type === "childList" && n.contains && n.contains(bannerEl)) return true; // it or an ancestor swapped
    return n === bannerEl || (n.contains && (n.contains(bannerEl) || bannerEl.contains(n)));
  }

  function seenSoon(records) {
    if (records) {
      var hit = false;
      for (var i = 0; i < records.length && !hit; i++) hit = touches(records[i]);
      if (!hit) return;
    }
    if (seenT === null) seenT = now();
    if (seenQueued) return;
    seenQueued = true;
    var later = guard(writeSeen);
    if (typeof queueMicrotask === "function") queueMicrotask(later);
    else Promise.resolve().then(later);
  }

  function writeSeen() {
    seenQueued = false;
    var t = seenT;
    seenT = null;
    // Not before this document's first connect: the parser building the page is not a change.
    if (!body || document.readyState === "loading") return;
    if (!bannerEl || !bannerEl.isConnected) bannerEl = findBanner();
    var visible = isShown(bannerEl);
    var label = visible ? labelText(bannerEl) : ["", 0];
    var rec = { visible: visible, text: label[0] };
    if (label[1]) rec.textCut = { text: label[1] };
    var preview = document.documentElement.hasAttribute("data-turbo-preview");
    if (preview) rec.preview = true;
    var endsPreview = !preview && seenLast && seenLast.preview;
    if (seenDoc && !endsPreview && seenLast.visible === rec.visible && seenLast.text === rec.text &&
        label[1] === seenLast.cut && !!seenLast.preview === preview) return;
    seenDoc = true;
    seenLast = rec;
    rec.cut = label[1];
    var out = { t: t === null ? now() : t, type: "seen" }, k;
    for (k in rec) if (k !== "cut") out[k] = rec[k];
    if (out.t < st.lastT) out.t = st.lastT; // never back in time, even behind a record of this task
    st.lastT = out.t;
    // Already clipped: written as it is, so its textCut is the label's.
    push(JSON.stringify(out));
  }

  // Visibility can change with no mutation: a CSS transition or animation
  // ending (a fill-mode that ends hidden, a class that sets visibility late).
  function recheckAfterAnimation(e) {
    if (bannerEl && e && e.target && (e.target === bannerEl || (e.target.contains && e.target.contains(bannerEl)) ||
        bannerEl.contains(e.target))) seenSoon();
  }

  function observeSeen() {
    if (!opts.recordSeen || !window.MutationObserver) return;
    seenObserver = new MutationObserver(guard(seenSoon));
    seenObserver.observe(document, {
      subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: SEEN_ATTRS
    });
    document.addEventListener("transitionend", guard(recheckAfterAnimation), true);
    document.addEventListener("animationend", guard(recheckAfterAnimation), true);
  }

  // ---- the events -------------------------------------------------------------

  var detailOf = function (e) { return (e && e.detail) || {}; };

  var handlers = {
    "offline": function () { emit("offline"); },
    "online": function () { emit("online"); sinkOnline(); },
    "turbo:fetch-request-error": function (e) {
      var d = detailOf(e), req = d.request || {};
      emit("turbo:fetch-request-error", {
        url: cleanUrl(req.url),
        method: methodOf(req, req.method),
        target: describe(e.target),
        error: errorText(d.error)
      });
    },
    "turbo:submit-start": function (e) {
      var fields = null, fs = detailOf(e).formSubmission;
      if (opts.recordFormData && fs) fields = { formData: formFields(fs) };
      emit("turbo:submit-start", fields);
    },
    "turbo:submit-end": function (e) {
      var d = detailOf(e), fs = d.formSubmission || {}, fr = d.fetchResponse;
      var rec = {
        success: d.success === true,
        fetchResponse: fr ? { statusCode: fr.statusCode, redirected: fr.redirected === true } : null
      };
      if (d.error != null) rec.error = errorText(d.error);
      rec.action = cleanUrl(fs.location || fs.action);
      rec.method = methodOf(fs.fetchRequest, typeof fs.method === "string" ? fs.method : null);
      emit("turbo:submit-end", rec);
    },
    "turbo:visit": function (e) {
      var d = detailOf(e);
      emit("turbo:visit", { url: cleanUrl(d.url), action: d.action == null ? null : String(d.action) });
    },
    "turbo:before-fetch-response": function (e) {
      var fr = detailOf(e).fetchResponse;
      emit("turbo:before-fetch-response", { statusCode: fr ? fr.statusCode : null, target: describe(e.target) });
    },
    "turbo:frame-load": function (e) { emit("turbo:frame-load", { target: describe(e.target) }); },
    // How Turbo rendered: Turbo 8 says "replace" (a new <body>: the controller reconnects) or
    // "morph" (a page refresh that keeps <body> and rewrites its markup in place: the
    // controller stays connected while its pill is reset to the server's markup). A reader
    // names the morph when the page's pill changes there with no change of the model's.
    // Turbo 7 gives no renderMethod: the record has none.
    "turbo:render": function (e) {
      syncBody();
      var method = detailOf(e).renderMethod;
      emit("turbo:render", typeof method === "string" ? { renderMethod: method } : null);
      if (opts.recordSeen) seenSoon();
    },
    // Turbo 8's page morph, dispatched as soon as the markup is morphed, before the
    // observers hear of it: the `seen` it causes carries this record's time.
    "turbo:morph": function () { emit("turbo:morph"); if (opts.recordSeen) seenSoon(); },
    "turbo:load": function () { syncBody(); emit("turbo:load"); },
    "turbo:reload": function (e) { // Turbo 8: detail is {reason: "…"}
      var d = e && e.detail;
      emit("turbo:reload", { reason: d && typeof d === "object" ? String(d.reason) : errorText(d) });
    },
    "visibilitychange": function () {
      emit("visibilitychange", { state: document.visibilityState });
      // Mobile browsers may kill a hidden page without pagehide: leave now.
      if (document.visibilityState === "hidden") leaving();
    },
    // The banner acts on it (contract v1.1): an unload takes the pill and its timers with it,
    // and no disconnect ever comes for it. persisted (the page kept in the back-forward
    // cache, where the controller stays connected) is what tells the two apart.
    "pagehide": function (e) { emit("pagehide", { persisted: !!(e && e.persisted === true) }); leaving(); }
  };

  function formFields(fs) {
    var out = {}, data = fs.formData || (fs.formElement && new FormData(fs.formElement));
    if (!data || !data.forEach) return out;
    data.forEach(function (v, k) { if (typeof v === "string") out[k] = v; });
    return out;
  }

  // ---- optional sink: batched POST, sendBeacon when leaving ------------------
  // Lines stay pending until the sink answers 2xx; a failing sink (offline,
  // 500, refused) only delays them. Each request names the tab session and
  // the sequence number of its first line (?session=…&seq=N, one line per
  // number after it), so a server can order batches and drop repeats: a
  // request can arrive and still look failed, and beacons are never answered.

  var inFlight = false, failures = 0, sinkErrors = 0, sinkRefused = 0, sinkTimer = null, retryNow = false;
  // What a sink refuses for what the batch holds (a collector's 409 conflict, 413 over a limit,
  // 422 not taken), it refuses every time: sent again, the batch would hold back every line
  // after it for good. Those lines are given up and counted; a gap in the sink says where.
  var REFUSED = { 409: true, 413: true, 422: true };

  // The lines the sink has not accepted, oldest first, up to maxBytes: a contiguous run of
  // sequence numbers, since the sink numbers line k of a batch seq+k. Lines dropped past the
  // caps leave a gap; the run stops before it and the next batch starts after it.
  function pending(maxBytes) {
    var out = [], bytes = 0;
    for (var i = 0; i < st.lines.length; i++) {
      var l = st.lines[i];
      if (l[0] <= st.acked) continue;
      if (out.length && l[0] !== out[out.length - 1][0] + 1) break;
      bytes += l[1].length + 1;
      if (maxBytes && out.length && bytes > maxBytes) break;
      out.push(l);
    }
    return out;
  }

  function sinkUrl(firstSeq) {
    var u = opts.sink;
    return u + (u.indexOf("?") < 0 ? "?" : "&") +
      "session=" + encodeURIComponent(st.session) + "&seq=" + firstSeq +
      (opts.token ? "&token=" + encodeURIComponent(opts.token) : "");
  }
  function noteSent(batch) {
    var last = batch[batch.length - 1][0];
    if (!(st.sent >= last)) st.sent = last;
  }

  function joinLines(batch) {
    return batch.map(function (l) { return l[1]; }).join("\n") + "\n";
  }

  function sinkSchedule(delay) {
    if (!opts.sink || sinkTimer) return;
    sinkTimer = setTimeout(guard(function () { sinkTimer = null; sinkFlush(); }), delay);
  }
  function sinkFlushSoon() { if (opts.sink) { clearTimeout(sinkTimer); sinkTimer = null; sinkSchedule(0); } }

  function sinkMaybeFlush() {
    if (!opts.sink) return;
    if (!failures && st.seq - st.acked >= opts.batchSize) sinkFlushSoon();
    else sinkSchedule(opts.flushInterval);
  }

  function sinkFailed() {
    inFlight = false;
    failures++;
    sinkErrors++;
    // Back off (up to a minute) so a dead sink is not hammered; but a request that was
    // already failing when the network came back is sent again at once.
    var delay = retryNow ? 0 : Math.min(opts.flushInterval * Math.pow(2, failures), 60000);
    retryNow = false;
    sinkSchedule(delay);
  }

  // The failures counted while the network was gone say nothing about the sink: without
  // this, a flush that fails in the first moments back waits out a back-off grown over
  // the whole outage (a minute), and the lines stay on the phone.
  function sinkOnline() {
    failures = 0;
    if (inFlight) retryNow = true;
    sinkFlushSoon();
  }

  // Resolves true once everything pending at the call was accepted.
  function sinkFlush() {
    if (!opts.sink || inFlight || typeof fetch !== "function") return Promise.resolve(false);
    var batch = pending(60000);
    if (!batch.length) return Promise.resolve(true);
    var last = batch[batch.length - 1][0], req;
    inFlight = true;
    noteSent(batch);
    try {
      var text = joinLines(batch);
      req = fetch(sinkUrl(batch[0][0]), {
        method: "POST",
        body: text,
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        credentials: "same-origin",
        keepalive: text.length < 60000
      });
    } catch (_) {
      sinkFailed();
      return Promise.resolve(false);
    }
    return req.then(function (res) {
      var refused = REFUSED[res.status] === true;
      if (!res.ok && !refused) { sinkFailed(); return false; }
      if (refused) sinkRefused += batch.length;
      inFlight = false;
      failures = 0;
      if (last > st.acked) st.acked = last;
      saveSoon();
      if (st.seq > st.acked) sinkSchedule(opts.flushInterval);
      return st.seq === st.acked;
    }, function () {
      sinkFailed();
      return false;
    }).catch(function () { internalErrors++; return false; });
  }

  // The page is going away (or may be killed while hidden): hand what is
  // pending to sendBeacon, which outlives the page, and save the buffer so a
  // full reload in this tab continues it.
  function leaving() {
    try {
      if (opts.sink && navigator.sendBeacon) {
        var batch = pending(60000); // beacons are limited to 64 KiB in flight
        if (batch.length) {
          noteSent(batch);
          // No answer ever comes back from a beacon, so these lines stay
          // pending and are sent again by the next page in this tab: at
          // least once, never lost (the sink drops repeats by session+seq).
          navigator.sendBeacon(sinkUrl(batch[0][0]),
            new Blob([joinLines(batch)], { type: "text/plain;charset=UTF-8" }));
        }
      }
    } catch (_) { sinkErrors++; }
    save();
  }

  // ---- public helpers -----------------------------------------------------------

  function text() {
    var out = st.lines.map(function (l) { return l[1]; });
    if (st.dropped) {
      out.push(line({ t: st.lastT, type: "turbo-recorder:dropped", count: st.dropped }));
    }
    return out.join("\n") + "\n";
  }

  function copy() {
    var s = text();
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(s).then(function () { return true; }, function () { return copyByHand(s); });
    }
    return Promise.resolve(copyByHand(s));
  }
  function copyByHand(s) {
    var ta = document.createElement("textarea");
    ta.value = s;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.documentElement.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (_) { ok = false; }
    ta.remove();
    return ok;
  }

  function download(filename) {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text()], { type: "application/x-ndjson" }));
    a.download = filename || "turbo-recording-" + new Date(st.origin).toISOString().replace(/[:.]/g, "-") + ".jsonl";
    document.documentElement.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    return true;
  }

  function stats() {
    return {
      lines: st.lines.length,
      bytes: st.bytes,
      dropped: st.dropped,
      pending: opts.sink ? st.seq - st.acked : 0,
      sinkErrors: sinkErrors,
      sinkRefused: sinkRefused,
      storageErrors: storageErrors,
      errors: internalErrors,
      bannerMissing: bannerMissing,
      session: st.session
    };
  }

  function clear() {
    st = freshState();
    body = null;
    seenDoc = false;
    seenLast = null;
    writeMeta();
    syncBody();
    save();
  }

  // ---- start ------------------------------------------------------------------

  var start = guard(function () {
    st = restore() || null;
    if (!st) { st = freshState(); writeMeta(); }
    for (var type in handlers) {
      var target = type === "visibilitychange" ? document : window;
      // Capture on window: we see every Turbo event even if the app stops it.
      target.addEventListener(type, guard(handlers[type]), true);
    }
    observeBody();
    observeSeen();
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", guard(syncBody));
    } else {
      syncBody();
    }
    if (opts.sink && st.seq > st.acked) sinkSchedule(opts.flushInterval);
  });

  var safe = function (fn, fallback) {
    return function () {
      try { return fn.apply(null, arguments); } catch (_) { internalErrors++; return fallback; }
    };
  };

  window.TurboRecorder = {
    version: 1,
    options: opts,
    text: safe(text, ""),
    lines: safe(function () { return st.lines.map(function (l) { return l[1]; }); }, []),
    copy: safe(copy, Promise.resolve(false)),
    download: safe(download, false),
    flush: safe(sinkFlush, Promise.resolve(false)),
    stats: safe(stats, null),
    clear: safe(clear, undefined)
  };

  start();
})();
