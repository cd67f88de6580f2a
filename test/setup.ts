// Tests see what users see: no CI variable at all (not one set to false). Ink reads CI through is-in-ci when it is
// imported, which comes after this file; spawned processes inherit the cleaned environment.
import { isCiVariable } from "./helpers/user-env.js";

for (const name of Object.keys(process.env)) if (isCiVariable(name)) delete process.env[name];
process.env.FORCE_COLOR = process.env.FORCE_COLOR ?? "1";
