-- Run by tests/neovim.rs: asks `puzzle lsp`, as Neovim's own client does on
-- `K`, for the hover of line $PUZZLE_LINE (0-based) of the current buffer
-- until its answer has come (not "searching…"), writes it to $PUZZLE_OUT,
-- and quits.
local out = os.getenv("PUZZLE_OUT")
local line = tonumber(os.getenv("PUZZLE_LINE"))
local shown = "no hover within 20 s"
-- The server is asked once it has said, in its capabilities, that it hovers.
vim.wait(20000, function()
  for _, client in pairs(vim.lsp.buf_get_clients(0)) do
    if client.server_capabilities and client.server_capabilities.hoverProvider then
      return true
    end
  end
  return false
end, 50)
for _ = 1, 200 do
  local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = 8 } }
  local results = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 1000) or {}
  local value = nil
  for _, response in pairs(results) do
    if response.result and response.result.contents then
      value = response.result.contents.value
    end
  end
  if value and not value:find("searching") then
    shown = value
    break
  end
  vim.wait(100)
end
vim.fn.writefile(vim.split(shown, "\n"), out)
vim.cmd("qall!")
