-- Loaded by tests/neovim.rs before Neovim opens the file: what the scripts
-- that speak to `puzzle lsp` share.

-- Waits, 20 s at most, until the server attached to the current buffer has
-- said in its capabilities that it serves `capability` (`hoverProvider`).
function wait_for_server(capability)
  vim.wait(20000, function()
    for _, client in pairs(vim.lsp.buf_get_clients(0)) do
      if client.server_capabilities and client.server_capabilities[capability] then
        return true
      end
    end
    return false
  end, 50)
end
