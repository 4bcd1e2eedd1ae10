// The rule is plain JavaScript, so that eslint.config.js can load it without a TypeScript loader.
import type { ESLint } from "eslint";

declare const plugin: ESLint.Plugin;
export default plugin;
