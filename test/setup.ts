// Ink writes nothing until exit when CI is set (style.md); component tests and every spawned pane need it off.
process.env.CI = "false";
process.env.FORCE_COLOR = process.env.FORCE_COLOR ?? "1";
