-- luacheck configuration: `make lint`
std = "lua54"
-- modules end their prelude with `local _ENV = nil` (a stray global is
-- then a compile error), which luacheck sees as an unused variable
ignore = { "211/_ENV" }
-- the newcomer mistakes are mistakes on purpose (spec/interpreter_spec.lua)
exclude_files = { "spec/fixtures/newcomer/*.lua" }
-- specs keep values they do not read back (the results of a call tried
-- for its error, loop counters): not worth a warning there
files["spec"] = { std = "+busted", max_line_length = false,
                  ignore = { "211", "212", "213", "241", "311", "421", "431" } }
files["spec/fixtures"] = { globals = { "penny" } }
files["bench"] = { globals = { "penny" }, max_line_length = 140 }
files["examples"] = { globals = { "penny" } }
files["tools"] = { globals = { "penny" } }
