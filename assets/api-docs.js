// Renders /api/docs/json as a readable list of routes grouped by tag. Text only: no innerHTML of spec data.
(function () {
  var root = document.getElementById("docs");
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function schemaText(schema) {
    try { return JSON.stringify(schema, null, 2); } catch (e) { return String(schema); }
  }
  fetch("/api/docs/json").then(function (r) { return r.json(); }).then(function (spec) {
    root.textContent = "";
    var groups = {};
    Object.keys(spec.paths || {}).sort().forEach(function (path) {
      var item = spec.paths[path];
      Object.keys(item).forEach(function (method) {
        var op = item[method];
        var tag = (op.tags && op.tags[0]) || "Other";
        (groups[tag] = groups[tag] || []).push({ path: path, method: method, op: op });
      });
    });
    Object.keys(groups).sort().forEach(function (tag) {
      var section = el("section");
      section.appendChild(el("h2", null, tag));
      groups[tag].forEach(function (entry) {
        var details = el("details", "route");
        var summary = el("summary");
        summary.appendChild(el("span", "method " + entry.method, entry.method.toUpperCase()));
        summary.appendChild(el("code", "path", entry.path));
        summary.appendChild(el("span", "summary", entry.op.summary || ""));
        details.appendChild(summary);
        if (entry.op.parameters && entry.op.parameters.length) {
          details.appendChild(el("h3", null, "Parameters"));
          var list = el("ul");
          entry.op.parameters.forEach(function (p) {
            list.appendChild(el("li", null, p.name + " (" + p.in + (p.required ? ", required" : "") + ")" + (p.schema && p.schema.type ? ": " + p.schema.type : "")));
          });
          details.appendChild(list);
        }
        if (entry.op.requestBody && entry.op.requestBody.content) {
          details.appendChild(el("h3", null, "Body"));
          Object.keys(entry.op.requestBody.content).forEach(function (type) {
            details.appendChild(el("p", null, type));
            details.appendChild(el("pre", null, schemaText(entry.op.requestBody.content[type].schema)));
          });
        }
        section.appendChild(details);
      });
      root.appendChild(section);
    });
  }).catch(function (error) {
    root.textContent = "Could not load the API description: " + error;
  });
})();
