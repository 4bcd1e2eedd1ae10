// Lint rules: typescript-eslint's recommended set, React hooks rules, no import cycle, and the boundary that keeps server code out of the browser bundle.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import project from "./eslint/no-import-cycle.js";

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
      "no-restricted-imports": ["error", { paths: [{ name: "zod", importNames: ["z", "default"], message: "Import z from #common/zod.ts, which sets zod up before any schema is made." }] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle may only borrow types from the server: values must reach it through loaders.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["#server/*", "../server/*", "../../server/*"], allowTypeImports: true, message: "Server code reaches routes through the load context; import only types from server/." },
          ],
        },
      ],
    },
  },
);
