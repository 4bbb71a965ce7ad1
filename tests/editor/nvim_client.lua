-- Headless Neovim as a real LSP client of `ampify lsp`: opens $AMPIFY_NVIM_FILE, attaches the
-- server ($AMPIFY_LSP_CMD, tab-separated argv) with Neovim's built-in client, waits for
-- diagnostics and prints each on stdout as "diagnostic LINE:COL [CODE] SOURCE: MESSAGE".
local cmd = vim.split(os.getenv("AMPIFY_LSP_CMD"), "\t", { plain = true })
local file = os.getenv("AMPIFY_NVIM_FILE")
local timeout_ms = tonumber(os.getenv("AMPIFY_NVIM_TIMEOUT_MS") or "120000")

local function finish(code)
  io.stdout:flush()
  vim.cmd(code == 0 and "qall!" or "cquit " .. code)
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local client = vim.lsp.start_client({
  name = "ampify",
  cmd = cmd,
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
if not client then
  io.stdout:write("FAIL: vim.lsp.start_client refused the server\n")
  finish(2)
end
vim.lsp.buf_attach_client(0, client)

local arrived = vim.wait(timeout_ms, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write(string.format("diagnostic %d:%d [%s] %s: %s\n", d.lnum + 1, d.col + 1,
                                tostring(d.code), tostring(d.source), d.message))
end
if not arrived then
  io.stdout:write("FAIL: no diagnostics within " .. timeout_ms .. " ms\n")
  finish(1)
end
vim.lsp.stop_client(client)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
finish(0)
