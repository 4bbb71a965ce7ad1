// Validates SARIF logs against the SARIF 2.1.0 JSON schema (the copy that Microsoft's SARIF
// Multitool ships) with Ajv (draft 2020-12, strict mode, formats checked).
//   node validate-sarif-schema.cjs NODE_MODULES_DIR FILE.sarif...
// Prints every violation and exits 1 if a file has any, 2 on a usage error.
"use strict";
const fs = require("fs");
const path = require("path");

const [modules, ...files] = process.argv.slice(2);
if (!modules || files.length === 0) {
  console.error("usage: validate-sarif-schema.cjs NODE_MODULES_DIR FILE.sarif...");
  process.exit(2);
}
const Ajv2020 = require(path.join(modules, "ajv", "dist", "2020"));
const addFormats = require(path.join(modules, "ajv-formats"));
const schema = JSON.parse(
  fs.readFileSync(path.join(modules, "@microsoft", "sarif-multitool-linux", "sarif-2.1.0.json"), "utf8"));
const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

let failed = false;
for (const file of files) {
  const document = JSON.parse(fs.readFileSync(file, "utf8"));
  if (validate(document)) {
    console.log(`${file}: valid`);
    continue;
  }
  failed = true;
  for (const error of validate.errors)
    console.log(`${file}: ${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);
}
process.exit(failed ? 1 : 0);
