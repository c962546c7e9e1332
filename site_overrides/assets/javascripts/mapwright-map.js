/* Mapwright: the interactive map viewer, enlargeable diagrams, and the sortable,
 * filterable tables.
 *
 * No libraries. The map SVG (id "mw-map") carries everything this script needs:
 * each province is an element with data-prov (id), data-abbr, data-name, data-kind,
 * data-sc, data-home, data-owner, data-army and data-fleet (space-separated
 * neighbour locations, fleets possibly with a coast: "SPA/NC").
 *
 * Any map can be shown: a hex map's hexes carry data-prov (the hex number), data-name
 * (a city, if any), data-facts (a line shown instead of a province's centre and owner)
 * and no data-army, so no neighbour lists; their group carries data-kind. The SVG may name its board (data-mw-board="x y w h", the part of the
 * viewBox that is map, not title or key) and the group the overview inset repeats
 * (data-mw-overview="#id").
 *
 * The map opens at the zoom where the median label is readable (LABEL_PX tall), centred
 * on the middle of the board, with an overview inset that shows where the view is (a
 * click on it goes there); "Whole map" and 0 show everything. Names (.mw-names, drawn
 * only where they fit their province) show once they are readable too.
 *
 * The viewer pans and zooms by changing the SVG's viewBox (wheel, drag, pinch, the
 * +/-/fit buttons, arrow keys and +/- in the frame), finds a province by code or name
 * (a datalist gives completion), and shows the selection's neighbours in the panel
 * beside the map (below it, kept in view, on narrow screens). Provinces are not Tab
 * stops (693 of them would trap a keyboard user); the find box is the keyboard's way
 * in, and the selected province takes the one Tab stop. Escape clears.
 *
 * Works with Material's instant navigation: init runs on every page swap via
 * document$, and listeners on window are removed when the page they served is gone.
 */
(function () {
  "use strict";

  var MAX_ZOOM = 24;
  var LABEL_PX = 10;      // the height a label opens at: readable (>= 9 px) with a margin
  var SVG_NS = "http://www.w3.org/2000/svg";
  var windowListeners = [];

  function onWindow(type, fn, opts) {
    window.addEventListener(type, fn, opts);
    windowListeners.push([type, fn, opts]);
  }

  function dropWindowListeners() {
    windowListeners.forEach(function (l) { window.removeEventListener(l[0], l[1], l[2]); });
    windowListeners = [];
  }

  function provinceOf(location) {
    return String(location).split("/")[0];
  }

  function list(value) {
    return value ? value.split(" ").filter(Boolean) : [];
  }

  function text(parent, tag, content, cls) {
    var node = document.createElement(tag);
    node.textContent = content;
    if (cls) node.className = cls;
    parent.appendChild(node);
    return node;
  }

  /* ------------------------------------------------------------ pan and zoom */

  function zoomer(svg, frame, onChange) {
    var vb0 = svg.viewBox && svg.viewBox.baseVal;
    if (!vb0 || !vb0.width) return null;
    var full = [vb0.x, vb0.y, vb0.width, vb0.height];
    var vb = full.slice();
    frame.style.aspectRatio = full[2] + " / " + full[3];

    // The view has the frame's shape (taller than the map once zoomed in: see frameFor);
    // the whole map fits it, centred, with a margin on the sides it does not fill.
    function ratio() {
      var w = frame.clientWidth, h = frame.clientHeight;
      return w > 0 && h > 0 ? h / w : full[3] / full[2];
    }

    function fitWidth() {
      return Math.max(full[2], full[3] / ratio());
    }

    function along(start, length, span) {   // keep a view's side on the map (centred if longer)
      if (length >= span) return start + span / 2 - length / 2;
      return Math.min(Math.max(start, 0), span - length);
    }

    function clamp() {
      var whole = fitWidth();
      var w = Math.min(whole, Math.max(whole / MAX_ZOOM, vb[2]));
      var h = w * ratio();
      vb[0] = full[0] + along(vb[0] - full[0], w, full[2]);
      vb[1] = full[1] + along(vb[1] - full[1], h, full[3]);
      vb[2] = w;
      vb[3] = h;
    }

    function apply() {
      clamp();
      svg.setAttribute("viewBox", vb.map(function (v) { return v.toFixed(2); }).join(" "));
      var z = fitWidth() / vb[2];
      frame.setAttribute("data-mw-zoomed", z > 1.001 ? "1" : "0");
      if (onChange) onChange(z, vb);
    }

    function toSvg(clientX, clientY) {
      var m = svg.getScreenCTM();
      if (!m) return [vb[0] + vb[2] / 2, vb[1] + vb[3] / 2];
      var p = svg.createSVGPoint();
      p.x = clientX;
      p.y = clientY;
      p = p.matrixTransform(m.inverse());
      return [p.x, p.y];
    }

    function zoomAt(factor, point) {
      var c = point || [vb[0] + vb[2] / 2, vb[1] + vb[3] / 2];
      vb[0] = c[0] - (c[0] - vb[0]) / factor;
      vb[1] = c[1] - (c[1] - vb[1]) / factor;
      vb[2] = vb[2] / factor;
      vb[3] = vb[3] / factor;
      apply();
    }

    function panBy(dx, dy) {   // in SVG units
      vb[0] += dx;
      vb[1] += dy;
      apply();
    }

    function fit() {
      vb = [full[0], full[1], fitWidth(), fitWidth() * ratio()];
      apply();
    }

    // zoom `z` times the whole map, centred on `centre` (SVG units)
    function zoomTo(z, centre) {
      var w = fitWidth() / Math.min(Math.max(z, 1), MAX_ZOOM);
      vb[2] = w;
      vb[3] = w * ratio();
      vb[0] = centre[0] - vb[2] / 2;
      vb[1] = centre[1] - vb[3] / 2;
      apply();
    }

    function show(box) {   // a box in SVG units, shown whole with a margin
      var w = Math.max(box.width, box.height / ratio()) * 3;
      w = Math.max(w, fitWidth() / 8);
      vb[2] = w;
      vb[3] = w * ratio();
      vb[0] = box.x + box.width / 2 - vb[2] / 2;
      vb[1] = box.y + box.height / 2 - vb[3] / 2;
      apply();
    }

    // wheel: zoom about the pointer; at the whole map, zooming out scrolls the page
    frame.addEventListener("wheel", function (ev) {
      var out = ev.deltaY > 0;
      if (out && vb[2] >= fitWidth() - 0.01) return;
      ev.preventDefault();
      zoomAt(Math.pow(1.0015, -ev.deltaY * (ev.deltaMode === 1 ? 33 : 1)), toSvg(ev.clientX, ev.clientY));
    }, { passive: false });

    // drag to pan, two fingers to pinch; a drag is not a click
    var pointers = {};
    var moved = false;
    var last = null;
    frame.addEventListener("pointerdown", function (ev) {
      if (ev.button !== undefined && ev.button > 0) return;
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      moved = false;
      last = null;
    });
    frame.addEventListener("pointermove", function (ev) {
      if (!pointers[ev.pointerId]) return;
      var ids = Object.keys(pointers);
      var before = pointers[ev.pointerId];
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      if (ids.length >= 2) {
        var a = pointers[ids[0]], b = pointers[ids[1]];
        var dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (last) zoomAt(dist / last, toSvg((a[0] + b[0]) / 2, (a[1] + b[1]) / 2));
        last = dist;
        moved = true;
        ev.preventDefault();
        return;
      }
      var dx = ev.clientX - before[0], dy = ev.clientY - before[1];
      if (!moved && Math.abs(dx) + Math.abs(dy) < 4) { pointers[ev.pointerId] = before; return; }
      if (!moved && frame.setPointerCapture) {
        try { frame.setPointerCapture(ev.pointerId); } catch (e) { /* already released */ }
      }
      moved = true;
      var p0 = toSvg(before[0], before[1]), p1 = toSvg(ev.clientX, ev.clientY);
      panBy(p0[0] - p1[0], p0[1] - p1[1]);
    });
    function up(ev) {
      delete pointers[ev.pointerId];
      last = null;
    }
    frame.addEventListener("pointerup", up);
    frame.addEventListener("pointercancel", up);
    frame.addEventListener("click", function (ev) {
      if (moved) { ev.stopPropagation(); ev.preventDefault(); moved = false; }
    }, true);

    frame.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var step = vb[2] / 8;
      var keys = {
        ArrowLeft: function () { panBy(-step, 0); },
        ArrowRight: function () { panBy(step, 0); },
        ArrowUp: function () { panBy(0, -step); },
        ArrowDown: function () { panBy(0, step); },
        "+": function () { zoomAt(1.5); },
        "=": function () { zoomAt(1.5); },
        "-": function () { zoomAt(1 / 1.5); },
        "0": fit
      };
      if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
    });

    apply();
    return { zoomAt: zoomAt, fit: fit, show: show, zoomTo: zoomTo, full: full, refresh: apply,
             view: function () { return vb.slice(); }, zoom: function () { return fitWidth() / vb[2]; },
             // for print: the whole map exactly, in a frame of its own shape
             whole: function () {
               frame.style.aspectRatio = full[2] + " / " + full[3];
               svg.setAttribute("viewBox", full.join(" "));
             } };
  }

  /* ------------------------------------------------------------ readable at first sight */

  function numbers(value) {
    var out = String(value || "").trim().split(/[\s,]+/).map(Number);
    return out.length === 4 && out.every(isFinite) && out[2] > 0 && out[3] > 0 ? out : null;
  }

  // the median height on screen of the map's labels (codes, hex numbers), in px
  function medianLabelPx(svg) {
    var heights = [];
    svg.querySelectorAll(".mw-labels text").forEach(function (t) {
      var h = t.getBoundingClientRect().height;
      if (h > 0) heights.push(h);
    });
    if (!heights.length) return 0;
    heights.sort(function (a, b) { return a - b; });
    return heights[Math.floor(heights.length / 2)];
  }

  // A small copy of the board (the group data-mw-overview names, repeated by <use>, not
  // copied) with a box where the view is; a click there moves the view to it.
  function overview(svg, frame, board) {
    var ref = svg.getAttribute("data-mw-overview");
    if (!ref || !svg.querySelector(ref)) return null;
    var inset = document.createElementNS(SVG_NS, "svg");
    inset.setAttribute("class", "mw-inset");
    inset.setAttribute("viewBox", board.join(" "));
    inset.setAttribute("aria-hidden", "true");
    inset.style.aspectRatio = board[2] + " / " + board[3];
    var ground = document.createElementNS(SVG_NS, "rect");
    ["x", "y", "width", "height"].forEach(function (k, i) { ground.setAttribute(k, board[i]); });
    ground.setAttribute("fill", "#ffffff");
    inset.appendChild(ground);
    var copy = document.createElementNS(SVG_NS, "use");
    copy.setAttribute("href", ref);
    inset.appendChild(copy);
    var mark = document.createElementNS(SVG_NS, "rect");
    mark.setAttribute("class", "mw-inset-view");
    inset.appendChild(mark);
    frame.appendChild(inset);
    return {
      element: inset,
      show: function (vb) {
        ["x", "y", "width", "height"].forEach(function (k, i) { mark.setAttribute(k, vb[i].toFixed(1)); });
      },
      pointAt: function (ev) {
        var m = inset.getScreenCTM();
        if (!m) return null;
        var p = inset.createSVGPoint();
        p.x = ev.clientX;
        p.y = ev.clientY;
        p = p.matrixTransform(m.inverse());
        return [p.x, p.y];
      }
    };
  }

  // "Full screen": the viewer fills the screen (the frame takes the screen's shape, and
  // the view follows it on the resize that comes with it); hidden where it cannot be.
  function enlarger(viewer, frame) {
    var button = viewer.querySelector("[data-mw-fullscreen]");
    if (!button) return;
    if (!viewer.requestFullscreen || !document.fullscreenEnabled) { button.hidden = true; return; }
    var before = "";
    button.addEventListener("click", function () {
      if (document.fullscreenElement === viewer) document.exitFullscreen();
      else viewer.requestFullscreen().catch(function () { /* refused: the page stays as it is */ });
    });
    viewer.addEventListener("fullscreenchange", function () {
      var on = document.fullscreenElement === viewer;
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (on) { before = frame.style.aspectRatio; frame.style.aspectRatio = "auto"; }
      else frame.style.aspectRatio = before;
      window.dispatchEvent(new Event("resize"));
    });
  }

  /* ------------------------------------------------------------ the map */

  function initMap(svg) {
    if (!svg || svg.getAttribute("data-mw-ready")) return;
    svg.setAttribute("data-mw-ready", "1");
    var viewer = svg.closest ? svg.closest("[data-mw-viewer]") : null;
    var frame = svg.closest ? (svg.closest(".mw-map-frame") || svg.parentNode) : svg.parentNode;
    var provinces = Array.prototype.slice.call(svg.querySelectorAll("[data-prov]"));
    var byId = {};
    var byName = {};
    provinces.forEach(function (el) {
      byId[el.getAttribute("data-prov").toLowerCase()] = el;
      var abbr = el.getAttribute("data-abbr");
      if (abbr && !byId[abbr.toLowerCase()]) byId[abbr.toLowerCase()] = el;
      var nm = (el.getAttribute("data-name") || "").toLowerCase();
      if (nm && !byName[nm]) byName[nm] = el;
      el.setAttribute("tabindex", "-1");
    });
    var info = document.getElementById("mw-map-info");
    var status = viewer && viewer.querySelector("[data-mw-status]");
    var zoomLabel = viewer && viewer.querySelector("[data-mw-zoom-level]");
    var selected = null;
    var marked = [];
    var noun = (viewer && viewer.getAttribute("data-mw-noun")) || "province";
    var idle = info ? info.textContent : "";
    var names = svg.querySelector(".mw-names");
    var nameScale = names ? parseFloat(names.getAttribute("data-mw-scale")) || 1 : 1;
    var labelAtWhole = 0;   // the median label's height at the whole map, px
    var inset = null;
    var shape = "";         // the frame's shape as it opened (print changes it for a while)
    var view = zoomer(svg, frame, function (z, vb) {
      if (zoomLabel) zoomLabel.textContent = Math.round(z * 100) + " %";
      frame.style.touchAction = z > 1.001 ? "none" : "pan-y";
      // names show once they are as readable as the labels open
      if (names) frame.setAttribute("data-mw-names", labelAtWhole * z * nameScale >= LABEL_PX - 0.5 ? "1" : "0");
      if (inset) inset.show(vb);
    });
    if (view) {
      var board = numbers(svg.getAttribute("data-mw-board")) || view.full;
      labelAtWhole = medianLabelPx(svg);
      inset = overview(svg, frame, board);
      if (inset) {
        inset.element.addEventListener("pointerdown", function (ev) { ev.stopPropagation(); });
        inset.element.addEventListener("click", function (ev) {
          ev.stopPropagation();
          var p = inset.pointAt(ev);
          if (p) view.zoomTo(view.zoom(), p);
        });
      }
      // Text a pixel or two tall is measured with rounding (hinting), so the opening zoom
      // is found in a few steps, each measured at the zoom the last one gave.
      var middle = [board[0] + board[2] / 2, board[1] + board[3] / 2];
      var zoom = 1;
      // a map that opens zoomed in gets a square frame (a landscape map's frame is a
      // strip): more of the board in view; the labels are measured in it
      if (labelAtWhole > 0 && labelAtWhole < LABEL_PX && view.full[3] < view.full[2]) {
        frame.style.aspectRatio = "1 / 1";
        view.fit();
        labelAtWhole = medianLabelPx(svg);
      }
      for (var step = 0; step < 4 && labelAtWhole > 0; step++) {
        var shown = medianLabelPx(svg);
        labelAtWhole = shown / zoom;
        if (shown >= LABEL_PX - 0.25 || zoom >= MAX_ZOOM) break;
        zoom = Math.min(MAX_ZOOM, zoom * LABEL_PX / shown);
        view.zoomTo(zoom, middle);
      }
      view.zoomTo(zoom, middle);
      shape = frame.style.aspectRatio;
    }

    function code(el) {
      return el.getAttribute("data-abbr") || el.getAttribute("data-prov");
    }

    // "Boston (BOS)"; a cell with no name of its own (a hex without a city) is its code
    function called(el) {
      var name = el.getAttribute("data-name");
      return name ? name + " (" + code(el) + ")" : code(el);
    }

    function label(location) {
      var el = byId[String(provinceOf(location)).toLowerCase()];
      if (!el) return location;
      var coast = String(location).indexOf("/") >= 0 ? "/" + String(location).split("/")[1].toUpperCase() : "";
      return code(el) + coast;
    }

    function say(message) {
      if (status) status.textContent = message;
    }

    function neighbourList(parent, heading, locations, cls) {
      var p = text(parent, "p", heading + ": ", cls);
      if (!locations.length) { p.appendChild(document.createTextNode("none")); return; }
      locations.forEach(function (loc, i) {
        var el = byId[String(provinceOf(loc)).toLowerCase()];
        if (i) p.appendChild(document.createTextNode(", "));
        if (!el) { p.appendChild(document.createTextNode(loc)); return; }
        var a = text(p, "a", (el.getAttribute("data-name") || code(el)) + " (" + label(loc) + ")");
        a.href = "#prov=" + encodeURIComponent(el.getAttribute("data-prov"));
      });
    }

    function describe(el, withNeighbours) {
      if (!info) return;
      info.textContent = "";
      info.removeAttribute("data-mw-idle");   // kept in view from now on (see the stylesheet)
      var head = text(info, "p", "");
      // a hex map says a cell's kind once for its group
      var kind = el.getAttribute("data-kind") || el.parentNode.getAttribute("data-kind") || "";
      text(head, "strong", el.getAttribute("data-name") || code(el));
      head.appendChild(document.createTextNode((el.getAttribute("data-name") ? " (" + code(el) + ")" : "") +
        (kind ? " — " + kind : "")));
      if (!el.hasAttribute("data-army")) {   // a map of another kind (hexes) says its own facts
        if (el.getAttribute("data-facts")) text(info, "p", el.getAttribute("data-facts"));
        return;
      }
      var facts = [];
      if (el.getAttribute("data-sc")) facts.push("supply centre");
      if (el.getAttribute("data-home")) facts.push("home of " + el.getAttribute("data-home"));
      facts.push("owner: " + (el.getAttribute("data-owner") || "none"));
      text(info, "p", facts.join(" · "));
      if (withNeighbours) {
        neighbourList(info, "Armies to", list(el.getAttribute("data-army")), "mw-info-army");
        neighbourList(info, "Fleets to", list(el.getAttribute("data-fleet")), "mw-info-fleet");
      }
    }

    function clear() {
      marked.forEach(function (el) {
        el.classList.remove("mw-selected", "mw-adj-army", "mw-adj-fleet", "mw-adj-both");
        el.removeAttribute("aria-pressed");
        el.setAttribute("tabindex", "-1");
      });
      marked = [];
      selected = null;
    }

    function clearAll() {
      clear();
      if (info) { info.textContent = idle; info.setAttribute("data-mw-idle", "1"); }
      say("");
      if (window.history && history.replaceState && /prov=/.test(window.location.hash || "")) {
        history.replaceState(null, "", window.location.pathname + window.location.search);
      }
    }

    function select(el, how) {
      clear();
      if (!el) return;
      selected = el;
      el.classList.add("mw-selected");
      el.setAttribute("aria-pressed", "true");
      el.setAttribute("tabindex", "0");
      marked.push(el);
      var army = {}, fleet = {};
      list(el.getAttribute("data-army")).forEach(function (p) { army[provinceOf(p).toLowerCase()] = true; });
      list(el.getAttribute("data-fleet")).forEach(function (p) { fleet[provinceOf(p).toLowerCase()] = true; });
      var box = el.getBBox ? el.getBBox() : null;
      Object.keys(army).concat(Object.keys(fleet)).forEach(function (key) {
        var other = byId[key];
        if (!other || other === el || marked.indexOf(other) >= 0) return;
        other.classList.add(army[key] && fleet[key] ? "mw-adj-both" : army[key] ? "mw-adj-army" : "mw-adj-fleet");
        marked.push(other);
      });
      describe(el, true);
      say(called(el) + " selected");
      if (how !== "click" && view && box) {
        // a province found or linked to is brought into view with its own piece only:
        // the neighbours are highlighted but not framed (a fleet's reach can span the map)
        view.show(box);
      }
      if (how !== "hash" && window.history && history.replaceState) {
        history.replaceState(null, "", "#prov=" + encodeURIComponent(el.getAttribute("data-prov")));
      }
    }

    function find(query) {
      var q = String(query || "").trim();
      if (!q) return null;
      var dash = q.indexOf(" — ");
      if (dash > 0) q = q.slice(0, dash);
      var key = q.toLowerCase();
      if (byId[key]) return byId[key];
      if (byName[key]) return byName[key];
      var hits = provinces.filter(function (el) {
        return (el.getAttribute("data-name") || "").toLowerCase().indexOf(key) === 0 ||
          code(el).toLowerCase().indexOf(key) === 0;
      });
      return hits.length === 1 ? hits[0] : null;
    }

    function fromHash() {
      var m = /(?:^#|&)prov=([^&]+)/.exec(window.location.hash || "");
      if (!m) return;
      var el = byId[decodeURIComponent(m[1]).toLowerCase()];
      if (!el) return;
      select(el, "hash");
      if (viewer && viewer.scrollIntoView) viewer.scrollIntoView({ block: "start" });
      try { el.focus({ preventScroll: true }); } catch (e) { el.focus(); }
    }

    provinces.forEach(function (el) {
      var show = function () { if (!selected) describe(el, false); };
      el.addEventListener("mouseenter", show);
      el.addEventListener("focus", show);
      el.addEventListener("click", function () { select(el, "click"); });
      el.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(el, "click"); }
      });
      var title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = called(el);
      el.insertBefore(title, el.firstChild);
    });

    var box = viewer && viewer.querySelector("input[data-mw-find]");
    if (box) {
      var options = document.createElement("datalist");
      options.id = "mw-find-options";
      provinces.slice().sort(function (a, b) { return code(a).localeCompare(code(b)); }).forEach(function (el) {
        var o = document.createElement("option");
        o.value = el.getAttribute("data-name") ? code(el) + " — " + el.getAttribute("data-name") : code(el);
        options.appendChild(o);
      });
      box.parentNode.appendChild(options);
      box.setAttribute("list", options.id);
      var go = function () {
        var el = find(box.value);
        if (el) {
          select(el, "find");
        } else if (box.value.trim()) {
          say("No " + noun + " matches “" + box.value.trim() + "”; type a code or the start of a name.");
        }
        return el;
      };
      box.addEventListener("change", go);
      box.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter") { ev.preventDefault(); go(); }
      });
    }

    if (viewer) {
      viewer.addEventListener("keydown", function (ev) {
        if (ev.key !== "Escape") return;
        if (box && ev.target === box) box.value = "";
        clearAll();
      });
      viewer.querySelectorAll("[data-mw-zoom]").forEach(function (button) {
        button.addEventListener("click", function () {
          if (!view) return;
          var how = button.getAttribute("data-mw-zoom");
          if (how === "in") view.zoomAt(1.5);
          else if (how === "out") view.zoomAt(1 / 1.5);
          else view.fit();
        });
      });
      enlarger(viewer, frame);
    } else {
      svg.addEventListener("keydown", function (ev) { if (ev.key === "Escape") clearAll(); });
    }
    document.querySelectorAll("[data-mw-clear]").forEach(function (button) {
      button.addEventListener("click", function () {
        if (box) box.value = "";
        clearAll();
      });
    });
    onWindow("hashchange", fromHash);
    onWindow("beforeprint", function () { if (view) view.whole(); });   // print the whole map
    onWindow("afterprint", function () { if (view) { frame.style.aspectRatio = shape; view.fit(); } });
    onWindow("resize", function () { if (view) view.refresh(); });   // the frame's shape may change
    fromHash();
  }

  /* ------------------------------------------------------------ diagrams */

  function initFigures() {
    document.querySelectorAll("a.mw-enlarge").forEach(function (link) {
      if (link.getAttribute("data-mw-ready")) return;
      link.setAttribute("data-mw-ready", "1");
      link.addEventListener("click", function (ev) {
        if (ev.metaKey || ev.ctrlKey || ev.shiftKey || typeof HTMLDialogElement === "undefined") return;
        ev.preventDefault();
        var img = link.querySelector("img");
        var dialog = document.createElement("dialog");
        dialog.className = "mw-lightbox";
        dialog.setAttribute("aria-label", img ? img.alt : "Diagram");
        var close = text(dialog, "button", "Close", "mw-lightbox-close");
        close.type = "button";
        var big = document.createElement("img");
        big.src = link.getAttribute("href");
        big.alt = img ? img.alt : "";
        dialog.appendChild(big);
        document.body.appendChild(dialog);
        var done = function () { dialog.close(); };
        close.addEventListener("click", done);
        dialog.addEventListener("click", function (e) { if (e.target === dialog) done(); });
        dialog.addEventListener("close", function () { dialog.remove(); link.focus(); });
        dialog.showModal();
      });
    });
  }

  /* ------------------------------------------------------------ tables */

  // neighbours listed by code get their names beside them, read from the table's rows
  function nameNeighbours(table) {
    var names = {};
    Array.prototype.forEach.call(table.querySelectorAll("tr[data-mw-row]"), function (row) {
      var cell = row.querySelector(".mw-adj-province");
      if (cell) names[row.getAttribute("data-mw-row")] = cell.firstChild ? cell.firstChild.textContent : "";
    });
    Array.prototype.forEach.call(table.querySelectorAll("a[data-mw-name]"), function (a) {
      var name = names[a.getAttribute("data-mw-name")];
      if (name && !a.querySelector(".mw-adj-name")) text(a, "span", " " + name, "mw-adj-name");
    });
  }

  function initTable(table) {
    if (!table || table.getAttribute("data-mw-ready")) return;
    table.setAttribute("data-mw-ready", "1");
    nameNeighbours(table);
    var body = table.tBodies[0];
    var heads = table.querySelectorAll("th[data-mw-sort]");
    heads.forEach(function (th, index) {
      th.tabIndex = 0;
      th.setAttribute("aria-sort", "none");
      var sort = function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        heads.forEach(function (other) { other.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var numeric = th.getAttribute("data-mw-sort") === "num";
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var ca = a.cells[index], cb = b.cells[index];
          var ka = ca.getAttribute("data-mw-key") || ca.textContent.trim();
          var kb = cb.getAttribute("data-mw-key") || cb.textContent.trim();
          var r = numeric ? (parseFloat(ka) || 0) - (parseFloat(kb) || 0) : ka.localeCompare(kb);
          return ascending ? r : -r;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      };
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (ev) { if (ev.key === "Enter") sort(); });
    });
  }

  function initFilter(input) {
    if (!input || input.getAttribute("data-mw-ready")) return;
    input.setAttribute("data-mw-ready", "1");
    var table = document.getElementById(input.getAttribute("data-mw-filter"));
    var count = document.querySelector("[data-mw-count='" + input.getAttribute("data-mw-filter") + "']");
    if (!table) return;
    var apply = function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var hay = row.textContent.toLowerCase();
        var ok = words.every(function (w) { return hay.indexOf(w) >= 0; });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) count.textContent = shown + " of " + table.tBodies[0].rows.length;
    };
    input.addEventListener("input", apply);
    apply();
  }

  /* ------------------------------------------------------------ search landings */

  // A search result opens its page with ?h=words (Material's search.highlight marks
  // them). When the result is the page itself rather than one of its headings, the
  // match may be far down a long page (a row of the adjacency table): scroll to it.
  function scrollToSearchMatch() {
    if (!/[?&]h=/.test(window.location.search) || window.location.hash) return;
    var tries = 0;
    var look = function () {
      // a province's own row before the rows that list it as a neighbour
      var mark = document.querySelector("article .mw-adj-province mark") ||
        document.querySelector("article mark");
      if (mark) {
        mark.scrollIntoView({ block: "center" });
        return;
      }
      if (++tries < 20) setTimeout(look, 100);
    };
    look();
  }

  function init() {
    dropWindowListeners();
    scrollToSearchMatch();
    initMap(document.getElementById("mw-map"));
    initFigures();
    document.querySelectorAll("table.mw-sortable").forEach(initTable);
    document.querySelectorAll("input.mw-filter").forEach(initFilter);
  }

  if (typeof window.document$ !== "undefined" && window.document$ && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
