-- luacheck configuration: `make lint`
std = "lua54"
-- modules end their prelude with `local _ENV = nil` (a stray global is
-- then a compile error), which luacheck sees as an unused variable
ignore = { "211/_ENV" }
files["spec"] = { std = "+busted" }
files["bench"] = { globals = { "penny" } }
files["examples"] = { globals = { "penny" } }
files["tools"] = { globals = { "penny" } }
