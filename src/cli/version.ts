import packageJson from "../../package.json" with { type: "json" };

/** zc-pane's version, from package.json (bundled in at build time). */
export const VERSION: string = packageJson.version;
