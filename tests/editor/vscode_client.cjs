// The VS Code recipe of docs/editors.md, minus the editor window: `ampify lsp` is started and
// driven through vscode-languageserver-protocol, the JSON-RPC and protocol layer that VS Code's
// language client (vscode-languageclient 9, which the "Generic LSP Client (v2)" extension uses) is
// built on. It initializes with the client capabilities VS Code announces for diagnostics and
// code actions, opens the file with languageId "cpp" (the recipe's glspc.server.languageId), and
// prints what arrives:
//   diagnostic LINE:COL [CODE] SOURCE: MESSAGE     (1-based, like `ampify check`)
//   action TITLE | N edit(s)
//   node client.cjs NODE_MODULES FILE COMMAND [ARGS...]
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const { pathToFileURL } = require("url");

const [modules, file, ...command] = process.argv.slice(2);
const lsp = require(path.join(modules, "vscode-languageserver-protocol", "node"));

function fail(message) {
  console.error("FAIL: " + message);
  process.exit(1);
}

async function main() {
  const server = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"], cwd: path.dirname(file) });
  server.on("error", (e) => fail("cannot start the server: " + e.message));
  const connection = lsp.createProtocolConnection(new lsp.StreamMessageReader(server.stdout),
                                                  new lsp.StreamMessageWriter(server.stdin));
  const uri = pathToFileURL(file).href;
  const published = new Promise((resolve) => {
    connection.onNotification(lsp.PublishDiagnosticsNotification.type, (params) => {
      if (params.uri === uri) resolve(params.diagnostics);
    });
  });
  connection.listen();

  const root = pathToFileURL(path.dirname(file)).href;
  const init = await connection.sendRequest(lsp.InitializeRequest.type, {
    processId: process.pid,
    clientInfo: { name: "Visual Studio Code", version: "1.95.0" },
    rootUri: root,
    workspaceFolders: [{ uri: root, name: "workspace" }],
    capabilities: {
      general: { positionEncodings: ["utf-16"] },
      textDocument: {
        synchronization: { dynamicRegistration: true, willSave: true, willSaveWaitUntil: true, didSave: true },
        publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] },
                              codeDescriptionSupport: true, dataSupport: true },
        codeAction: {
          dynamicRegistration: true, isPreferredSupport: true, disabledSupport: true, dataSupport: true,
          resolveSupport: { properties: ["edit"] }, honorsChangeAnnotations: false,
          codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "refactor", "refactor.extract",
            "refactor.inline", "refactor.rewrite", "source", "source.organizeImports"] } },
        },
      },
      workspace: { workspaceFolders: true, configuration: true, applyEdit: true },
    },
  });
  if (!init.capabilities.textDocumentSync) fail("the server announces no text document sync");
  connection.sendNotification(lsp.InitializedNotification.type, {});
  connection.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "cpp", version: 1, text: fs.readFileSync(file, "utf8") },
  });

  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no diagnostics in 240 s")), 240000));
  const diagnostics = await Promise.race([published, timeout]);
  for (const d of diagnostics)
    console.log(`diagnostic ${d.range.start.line + 1}:${d.range.start.character + 1} [${d.code}] ${d.source}: ${d.message}`);
  for (const d of diagnostics) {
    const actions = await connection.sendRequest(lsp.CodeActionRequest.type, {
      textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ["quickfix"] },
    });
    for (const action of actions || []) {
      const edits = action.edit && action.edit.changes ? Object.values(action.edit.changes).flat().length
                  : action.edit && action.edit.documentChanges ? action.edit.documentChanges.flatMap((c) => c.edits || []).length : 0;
      console.log(`action ${action.title} | ${edits} edit(s)`);
    }
  }
  await connection.sendRequest(lsp.ShutdownRequest.type);
  connection.sendNotification(lsp.ExitNotification.type);
  server.on("exit", (code) => process.exit(code === 0 ? 0 : 1));
}

main().catch((e) => fail(e.message));
