/* Mapwright: the interactive map and the sortable, filterable tables.
 *
 * No libraries. The map SVG (id "mw-map") carries everything this script needs:
 * each province is an element with data-prov (id), data-abbr, data-name, data-kind,
 * data-sc, data-home, data-owner, data-army and data-fleet (space-separated
 * neighbour locations, fleets possibly with a coast: "SPA/NC"). Works with
 * Material's instant navigation: init runs on every page swap via document$.
 */
(function () {
  "use strict";

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

  function initMap(svg) {
    if (!svg || svg.getAttribute("data-mw-ready")) return;
    svg.setAttribute("data-mw-ready", "1");
    var provinces = Array.prototype.slice.call(svg.querySelectorAll("[data-prov]"));
    var byId = {};
    provinces.forEach(function (el) {
      byId[el.getAttribute("data-prov").toLowerCase()] = el;
      var abbr = el.getAttribute("data-abbr");
      if (abbr && !byId[abbr.toLowerCase()]) byId[abbr.toLowerCase()] = el;
    });
    var info = document.getElementById("mw-map-info");
    var selected = null;
    var marked = [];

    function name(id) {
      var el = byId[String(provinceOf(id)).toLowerCase()];
      if (!el) return id;
      var coast = String(id).indexOf("/") >= 0 ? "/" + String(id).split("/")[1].toUpperCase() : "";
      return (el.getAttribute("data-abbr") || el.getAttribute("data-prov")) + coast;
    }

    function describe(el, withNeighbours) {
      if (!info) return;
      info.textContent = "";
      var head = text(info, "p", "");
      text(head, "strong", el.getAttribute("data-name"));
      head.appendChild(document.createTextNode(" (" + (el.getAttribute("data-abbr") || el.getAttribute("data-prov")) + ") — " + el.getAttribute("data-kind")));
      var facts = [];
      if (el.getAttribute("data-sc")) facts.push("supply centre");
      if (el.getAttribute("data-home")) facts.push("home of " + el.getAttribute("data-home"));
      facts.push("owner: " + (el.getAttribute("data-owner") || "none"));
      text(info, "p", facts.join(" · "));
      if (withNeighbours) {
        var army = list(el.getAttribute("data-army")).map(name);
        var fleet = list(el.getAttribute("data-fleet")).map(name);
        text(info, "p", "Armies to: " + (army.length ? army.join(", ") : "none"), "mw-info-army");
        text(info, "p", "Fleets to: " + (fleet.length ? fleet.join(", ") : "none"), "mw-info-fleet");
      }
    }

    function clear() {
      marked.forEach(function (el) {
        el.classList.remove("mw-selected", "mw-adj-army", "mw-adj-fleet", "mw-adj-both");
        el.removeAttribute("aria-pressed");
      });
      marked = [];
      selected = null;
    }

    function select(el, updateHash) {
      clear();
      if (!el) return;
      selected = el;
      el.classList.add("mw-selected");
      el.setAttribute("aria-pressed", "true");
      marked.push(el);
      var army = {}, fleet = {};
      list(el.getAttribute("data-army")).forEach(function (p) { army[provinceOf(p).toLowerCase()] = true; });
      list(el.getAttribute("data-fleet")).forEach(function (p) { fleet[provinceOf(p).toLowerCase()] = true; });
      Object.keys(army).concat(Object.keys(fleet)).forEach(function (key) {
        var other = byId[key];
        if (!other || other === el || marked.indexOf(other) >= 0) return;
        other.classList.add(army[key] && fleet[key] ? "mw-adj-both" : army[key] ? "mw-adj-army" : "mw-adj-fleet");
        marked.push(other);
      });
      describe(el, true);
      if (updateHash && window.history && history.replaceState) {
        history.replaceState(null, "", "#prov=" + encodeURIComponent(el.getAttribute("data-prov")));
      }
    }

    function fromHash() {
      var m = /(?:^#|&)prov=([^&]+)/.exec(window.location.hash || "");
      if (!m) return;
      var el = byId[decodeURIComponent(m[1]).toLowerCase()];
      if (el) {
        select(el, false);
        if (el.focus) { try { el.focus({ preventScroll: false }); } catch (e) { el.focus(); } }
      }
    }

    provinces.forEach(function (el) {
      var show = function () { if (!selected) describe(el, false); };
      el.addEventListener("mouseenter", show);
      el.addEventListener("focus", show);
      el.addEventListener("click", function () { select(el, true); });
      el.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(el, true); }
        if (ev.key === "Escape") { clear(); }
      });
      var title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = el.getAttribute("data-name") + " (" + (el.getAttribute("data-abbr") || "") + ")";
      el.insertBefore(title, el.firstChild);
    });
    document.querySelectorAll("[data-mw-clear]").forEach(function (button) {
      button.addEventListener("click", function () { clear(); if (info) info.textContent = ""; });
    });
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  function initTable(table) {
    if (!table || table.getAttribute("data-mw-ready")) return;
    table.setAttribute("data-mw-ready", "1");
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

  function init() {
    initMap(document.getElementById("mw-map"));
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
