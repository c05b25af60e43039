// The lesson player: a screen per step, its derivation shown a line at a
// time, and (in the student's page) answer boxes that judge an answer as the
// quiz of `impulse lesson` does. The reading of units and the judging follow
// src/notation/units.rs and src/lesson/question.rs line for line, with their
// tables and words given by the page's data; a browser test checks that both
// judge a table of answers alike.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("impulse-data").textContent);

  // ---- Stepping: → or Space (or a click) shows the next line, then the next screen.
  const screens = Array.from(document.querySelectorAll("section.screen"));
  const where = document.getElementById("where");
  const shown = screens.map(() => 0);
  let at = 0;
  const lines = (i) => screens[i].querySelectorAll(".derivation .line");

  function draw() {
    screens.forEach((s, i) => { s.hidden = i !== at; });
    const all = lines(at);
    all.forEach((l, k) => {
      l.classList.toggle("shown", k < shown[at]);
      l.classList.toggle("latest", k === shown[at] - 1);
    });
    // The line just shown is in view, however long the narration above it.
    if (shown[at] > 0) all[shown[at] - 1].scrollIntoView({ block: "nearest" });
    document.body.dataset.screen = screens[at].id;
    document.body.dataset.line = String(shown[at]);
    where.textContent = (at + 1) + " / " + screens.length + (all.length ? " · " + shown[at] + "/" + all.length : "");
  }

  // Opens screen i with `revealed` lines shown ("all" for every one).
  function open(i, revealed, keepFragment) {
    at = Math.max(0, Math.min(screens.length - 1, i));
    shown[at] = revealed === "all" ? lines(at).length : revealed;
    if (!keepFragment) history.replaceState(null, "", "#" + screens[at].id);
    draw();
  }
  function forward() {
    if (shown[at] < lines(at).length) { shown[at] += 1; draw(); } else if (at + 1 < screens.length) open(at + 1, 0);
  }
  function back() {
    if (shown[at] > 0) { shown[at] -= 1; draw(); } else if (at > 0) open(at - 1, "all");
  }
  function fromFragment() {
    const i = screens.findIndex((s) => "#" + s.id === location.hash);
    open(i < 0 ? 0 : i, 0, true);
  }

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // Keys typed into an answer (or pressed on a button) are theirs.
    if (e.target instanceof Element && e.target.closest("input, button, textarea, select")) return;
    switch (e.key) {
      case "ArrowRight": case " ": case "PageDown": forward(); break;
      case "ArrowLeft": case "PageUp": back(); break;
      case "Home": open(0, 0); break;
      case "End": open(screens.length - 1, 0); break;
      default: return;
    }
    e.preventDefault();
  });
  document.addEventListener("click", (e) => {
    const go = e.target instanceof Element && e.target.closest("[data-go]");
    if (go) { (go.dataset.go === "back" ? back : forward)(); return; }
    if (e.target instanceof Element && e.target.closest("a, button, input, label, form, nav")) return;
    if (String(window.getSelection ? window.getSelection() : "")) return;
    forward();
  });
  window.addEventListener("hashchange", fromFragment);
  fromFragment();

  // ---- Reading an answer as typed (src/notation/units.rs).
  const SUPER = { "¹": 1, "²": 2, "³": 3, "⁴": 4, "⁵": 5 };

  function asciiForms(t) {
    return Array.from(t).map((c) => {
      const u = c.codePointAt(0);
      if (u >= 0xff01 && u <= 0xff5e) return String.fromCodePoint(u - 0xfee0);
      if (c === "、") return ",";
      if (c === "\u3000") return " ";
      return c;
    }).join("");
  }

  function number(text) {
    const t = text.startsWith("+") ? text.slice(1) : text;
    if (!/^[0-9.\-]/.test(t) || !/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(t)) return null;
    const x = Number(t);
    return Number.isFinite(x) ? x : null;
  }

  function splitUnit(text) {
    const chars = Array.from(text);
    for (let k = 0; k < chars.length; k++) {
      const c = chars[k];
      const exponent = (c === "e" || c === "E") && k > 0 && /[0-9]/.test(chars[k - 1]) &&
        k + 1 < chars.length && /[0-9+\-]/.test(chars[k + 1]);
      if ((/\p{Alphabetic}/u.test(c) || "°µ/%".includes(c)) && !exponent) {
        return [chars.slice(0, k).join(""), chars.slice(k).join("")];
      }
    }
    return [text, ""];
  }

  function smallInt(t) {
    if (!/^[+-]?[0-9]+$/.test(t)) return null;
    const p = Number(t);
    return p >= -128 && p <= 127 ? p : null;
  }

  function splitPower(f) {
    const caret = f.indexOf("^");
    if (caret >= 0) {
      const p = smallInt(f.slice(caret + 1).trim());
      return p === null ? null : [f.slice(0, caret), p];
    }
    const chars = Array.from(f);
    const start = chars.findIndex((c) => c === "⁻" || c in SUPER);
    if (start >= 0) {
      const tail = chars.slice(start);
      let k = 0;
      while (k < tail.length && tail[k] === "⁻") k += 1;
      if (k >= tail.length || !(tail[k] in SUPER)) return null;
      const p = SUPER[tail[k]];
      return [chars.slice(0, start).join(""), tail[0] === "⁻" ? -p : p];
    }
    let body = f.replace(/[0-9]+$/, "");
    if (body.endsWith("-")) body = body.slice(0, -1);
    if (body !== "" && body.length < f.length) {
      const p = smallInt(f.slice(body.length));
      return p === null ? null : [body, p];
    }
    return [f, 1];
  }

  function plainSymbol(s) {
    const u = DATA.units.find((u) => u[0] === s);
    return u ? { factor: u[1], dim: u[2] } : null;
  }
  function symbol(text, prefixed) {
    const u = plainSymbol(text);
    if (u || !prefixed) return u;
    for (const [p, scale] of DATA.prefixes) {
      if (!text.startsWith(p)) continue;
      const rest = text.slice(p.length);
      const v = plainSymbol(rest);
      if (v && !DATA.no_prefix.includes(rest)) return { factor: v.factor * scale, dim: v.dim };
    }
    return null;
  }
  function splitInto(body, prefixed) {
    if (body === "") return [];
    const chars = Array.from(body);
    for (let cut = chars.length; cut >= 1; cut--) {
      const first = symbol(chars.slice(0, cut).join(""), prefixed);
      if (!first) continue;
      const rest = splitInto(chars.slice(cut).join(""), prefixed);
      if (rest) return [first].concat(rest);
    }
    return null;
  }
  function glued(body) {
    const u = symbol(body, true);
    return u ? [u] : splitInto(body, false) || splitInto(body, true);
  }

  function parseUnit(text) {
    const unknown = { error: "unknown_unit", unit: text.trim() };
    const cleaned = text.replace(/[·⋅*×()]/g, " ").split(". ").join(" ").replace(/\./g, " ");
    let factor = 1;
    let dim = [0, 0, 0, 0];
    const seen = [];
    const sides = cleaned.split("/");
    for (let k = 0; k < sides.length; k++) {
      const sign = k === 0 ? 1 : -1;
      const factors = sides[k].split(/\s+/).filter((f) => f !== "");
      if (factors.length === 0 && k > 0) return unknown;
      for (const f of factors) {
        const split = splitPower(f);
        if (!split) return unknown;
        const [body, power] = split;
        if (seen.includes(body)) return { error: "repeated", unit: text.trim(), symbol: body };
        seen.push(body);
        const units = glued(body);
        if (!units) return unknown;
        units.forEach((u, i) => {
          const p = sign * (i === units.length - 1 ? power : 1);
          factor *= Math.pow(u.factor, p);
          dim = dim.map((d, j) => d + u.dim[j] * p);
        });
      }
    }
    return { factor: factor, dim: dim };
  }

  function read(typed, wanted) {
    const text = asciiForms(typed.trim()).replace(/[−–]/g, "-");
    const split = splitUnit(text);
    let inner = split[0].trim();
    if (inner.startsWith("(") && inner.endsWith(")") && inner.length >= 2) inner = inner.slice(1, -1);
    else if (inner.startsWith("[") && inner.endsWith("]") && inner.length >= 2) inner = inner.slice(1, -1);
    let parts;
    if (inner.includes(";")) parts = inner.split(";").map((p) => p.replace(/,/g, "."));
    else if (wanted === 1 && !inner.includes(" ")) parts = [inner.replace(/,/g, ".")];
    else if (inner.includes(",")) parts = inner.split(",");
    else parts = inner.split(/\s+/);
    parts = parts.map((p) => p.trim()).filter((p) => p !== "");
    if (parts.length === 0) return { error: "not_a_number" };
    const numbers = [];
    for (const p of parts) {
      const x = number(p);
      if (x === null) return { error: "not_a_number" };
      numbers.push(x);
    }
    if (numbers.length !== wanted) return { error: "not_a_number" };
    const unitText = split[1].trim();
    if (unitText === "") return { numbers: numbers, unit: null };
    const u = parseUnit(unitText);
    if (u.error) return u;
    return { numbers: numbers, unit: { text: unitText, factor: u.factor, dim: u.dim } };
  }

  // ---- Judging (src/lesson/question.rs, `judge`), against hashed grid cells.
  function cyrb53(str) {
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (let i = 0; i < str.length; i++) {
      const ch = str.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }

  // The grid cell of a number or vector (page.rs, `cell`).
  function cell(v, grid) {
    const size = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
    if (size <= DATA.round_off) return "0";
    const r = String(Math.floor(Math.log(size) / grid));
    if (v.length === 1) return (v[0] < 0 ? "-" : "+") + r;
    return r + ":" + String(Math.floor(Math.atan2(v[1], v[0]) / grid));
  }

  const fill = (text, a, b) => text.split("\u0001").join(a).split("\u0002").join(b === undefined ? "" : b);

  function dimensionName(dim) {
    if (dim[0] === 0 && dim[1] === 0 && dim[2] === 0 && dim[3] !== 0) return DATA.angle;
    const named = DATA.named.find((n) => n[0][0] === dim[0] && n[0][1] === dim[1] && n[0][2] === dim[2]);
    return named ? named[1] : null;
  }
  const agrees = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

  function numbersText(v, unit) {
    const one = (x) => String(Number(x.toPrecision(6))).replace("-", "−");
    const text = v.length === 1 ? one(v[0]) : "(" + v.map(one).join(", ") + ")";
    return unit ? text + " " + unit : text;
  }

  // What `judge` says of `typed`: { key, said } with key "right", a slip's
  // name as `Grade::key` gives it, or "error" for an answer that is not read.
  function judge(q, typed) {
    if (typed.trim() === "") return { key: "error", said: DATA.words.empty };
    const wanted = q.kind === "vector" ? 2 : 1;
    const r = read(typed, wanted);
    if (r.error === "not_a_number") return { key: "error", said: fill(q.said.not_a_number, typed.trim()) };
    if (r.error) return { key: "error", said: fill(q.said[r.error], r.unit, r.symbol) };
    const right = new Set(q.right);
    const close = new Set(q.close);
    const near = (v) => right.has(String(cyrb53(q.salt + "|" + cell(v, q.grid)).toString(16)));
    const asked = parseUnit(q.unit);
    const raw = r.numbers;
    let value = raw;
    let agree = true;
    if (r.unit && agrees(r.unit.dim, asked.dim)) value = raw.map((x) => (x * r.unit.factor) / asked.factor);
    else if (r.unit) agree = false;
    if (agree && near(value)) return { key: "right", said: DATA.words.right };
    if (r.unit && near(raw)) {
      if (agree) return { key: "wrong-unit", said: fill(q.said.unit_worth, r.unit.text, numbersText(value, q.unit)) };
      const name = dimensionName(r.unit.dim) || r.unit.text;
      return { key: "wrong-unit", said: q.said.unit_other + fill(q.said.dimension, r.unit.text, name) };
    }
    if (r.unit && !agree) {
      const name = dimensionName(r.unit.dim) || r.unit.text;
      return { key: "error", said: fill(q.said.dimension, r.unit.text, name) };
    }
    if (near(value.map((x) => -x))) return { key: "wrong-sign", said: q.said.sign };
    if (wanted === 2 && near([value[1], value[0]])) return { key: "swapped", said: q.said.swapped };
    for (const f of q.factors) {
      if (near(value.map((x) => x * f.by))) return { key: "factor", said: f.small };
      if (near(value.map((x) => x * (1 / f.by)))) return { key: "factor", said: f.large };
    }
    if (close.has(String(cyrb53(q.salt + "|close|" + cell(value, q.close_grid)).toString(16)))) {
      return { key: "close", said: q.said.close };
    }
    return { key: "off", said: DATA.words.far_off };
  }

  function pick(q, k) {
    const right = String(cyrb53(q.salt + "|choice|" + k).toString(16)) === q.correct;
    return right ? { key: "right", said: DATA.words.right } : { key: "wrong-choice", said: q.other };
  }

  // For the browser test: judge typed answers to question i (from 0) without the screen.
  window.impulseJudge = (i, typed) => {
    const q = DATA.questions[String(i)];
    if (!q) return null;
    return q.kind === "choice" ? pick(q, Number(typed) - 1) : judge(q, typed);
  };

  document.querySelectorAll("form.answer").forEach((form) => {
    const q = DATA.questions[form.dataset.question];
    const output = form.querySelector("output");
    const say = (judged) => {
      output.textContent = (judged.key === "right" ? "✓ " : "✗ ") + judged.said;
      output.className = judged.key === "right" ? "right" : "wrong";
      form.dataset.grade = judged.key;
    };
    if (!q || q.kind === "none") { form.remove(); return; }
    if (q.kind === "choice") {
      form.querySelector("label").remove();
      form.querySelector("button[type=submit]").remove();
      q.choices.forEach((text, k) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "choice";
        b.textContent = "(" + String.fromCharCode(97 + k) + ") " + text;
        b.addEventListener("click", () => say(pick(q, k)));
        form.insertBefore(b, output);
      });
    }
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      say(judge(q, form.querySelector("input").value));
    });
  });
})();
