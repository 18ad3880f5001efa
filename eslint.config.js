import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "bench-results/**", ".e2e/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web never imports server code; the contract is the only shared package.
    files: ["apps/web/**/*.{ts,tsx}", "packages/contract/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/server/**", "@site/server"] }] },
  },
  {
    // Server layering (docs/architecture.md): lib/ and db/ never reach into features; a feature
    // reaches another feature only through its service (never its repository or routes, but for
    // types). Feature cycles are refused by test/architecture.test.ts.
    files: ["apps/server/src/lib/**/*.ts", "apps/server/src/db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/features/**"], message: "lib/ and db/ sit below the features." }] }],
    },
  },
  {
    files: ["apps/server/src/features/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*/*.repository.js", "../*/*.routes.js"],
              allowTypeImports: true,
              message: "Reach another feature through its service; its repository and routes are its own.",
            },
          ],
        },
      ],
    },
  },
);
