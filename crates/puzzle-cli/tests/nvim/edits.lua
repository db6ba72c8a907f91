-- Run by tests/neovim.rs: applies, one at a time, the first quick fix
-- `puzzle lsp` offers for the first diagnostic of the buffer until none is
-- left, then formats the buffer through the server, as a user would with
-- Neovim's own commands; writes the buffer, then each fix's title, to
-- $PUZZLE_OUT, and quits.
local out = os.getenv("PUZZLE_OUT")
local titles = {}
local function client()
  for _, c in pairs(vim.lsp.buf_get_clients(0)) do
    return c
  end
end
-- The first diagnostics; each fix below waits for those of its edit.
vim.wait(20000, function()
  return #vim.diagnostic.get(0) > 0
end, 50)
for _ = 1, 10 do
  local found = vim.diagnostic.get(0)
  if #found == 0 then
    break
  end
  local d = found[1]
  local params = {
    textDocument = vim.lsp.util.make_text_document_params(),
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = { d.user_data and d.user_data.lsp or d } },
  }
  local results = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 5000) or {}
  local applied = false
  for _, response in pairs(results) do
    for _, action in ipairs(response.result or {}) do
      if not applied and action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, client().offset_encoding)
        table.insert(titles, "fixed: " .. action.title)
        applied = true
      end
    end
  end
  if not applied then
    table.insert(titles, "no fix for: " .. d.message)
    break
  end
  -- The server's diagnostics of the edited text replace the old ones.
  vim.wait(20000, function()
    local now = vim.diagnostic.get(0)
    return #now ~= #found or (now[1] and now[1].message ~= d.message)
  end, 50)
end
if vim.lsp.buf.format then
  vim.lsp.buf.format({ timeout_ms = 5000 })
else -- Neovim 0.7
  vim.lsp.buf.formatting_sync(nil, 5000)
end
local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
for _, title in ipairs(titles) do
  table.insert(lines, title)
end
vim.fn.writefile(lines, out)
vim.cmd("qall!")
