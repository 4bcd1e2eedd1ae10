// Lint rules: typescript-eslint's recommended set, React hooks rules, no import cycle, and the boundary that keeps server code out of the browser bundle.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import project from "./eslint/no-import-cycle.js";

/** app/ modules that run on the server only, and may import its values. */
export const SERVER_ENTRIES = ["app/entry.server.tsx"];
/** An import of server/ code, by its alias or a relative path. */
export const SERVER_IMPORT = "^(#server/|(\\.\\./)+server/)";

export default tseslint.config(
  { ignores: ["build*/", "node_modules/", ".react-router/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // A module never reaches itself through its imports, type-only ones included (eslint/no-import-cycle.js).
    files: ["**/*.{ts,tsx,js}"],
    plugins: { project },
    rules: { "project/no-import-cycle": "error" },
  },
  {
    // zod is set up once before any schema is made (common/zod.ts): schemas take `z` from there.
    files: ["**/*.{ts,tsx}"],
    ignores: ["common/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              importNames: ["z", "default"],
              message: "Import z from #common/zod.ts, which sets zod up before any schema is made.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser bundle may only borrow types from the server: values reach it through loaders. The entry that renders
    // on the server and the tests, which run there, are the exceptions. common/ runs on both sides: types only too.
    // A regular expression, not a "group": a group is read as a .gitignore line, where "#server/*" is a comment that
    // matches nothing (eslint/boundary.test.ts). A dynamic import() is no import declaration: a selector catches it.
    files: ["app/**/*.{ts,tsx}", "common/**/*.{ts,tsx}"],
    ignores: [...SERVER_ENTRIES, "app/**/*.test.{ts,tsx}", "common/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: SERVER_IMPORT,
              allowTypeImports: true,
              message: "Server code reaches routes through the load context; import only types from server/.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: `ImportExpression[source.value=/${SERVER_IMPORT.replaceAll("/", "\\/")}/]`,
          message: "Server code reaches routes through the load context; import only types from server/.",
        },
      ],
    },
  },
);
