import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Import boundaries (docs/development.md "Layout"): the client never imports server code, common
// code imports neither side, and code outside the tender engine reaches it only through its public
// files (index.ts for the reader threads, public.ts for the web thread, which must not load pdf.js).
const serverCode = {
  regex: "^(\\.\\./)+server/",
  message: "Client- und gemeinsamer Code importieren keinen Servercode (src/common für Gemeinsames).",
};
const clientCode = { regex: "^(\\.\\./)+client/", message: "Server- und gemeinsamer Code importieren keinen Client-Code." };
const tenderInternals = {
  regex: "^(\\.\\./)+tender/(?!index$|public$)",
  message: "Die Ausschreibungs-Engine nur über src/server/tender/index.ts oder public.ts importieren.",
};

export default tseslint.config(
  {
    ignores: ["dist/**", "node_modules/**", "data/**", "coverage/**", "bench/results/**", "drizzle/**", ".prerender/**", "test-results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  // Type-aware rules on the product code (tests and scripts are checked by the compiler only).
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  { files: ["src/client/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [serverCode] }] } },
  { files: ["src/common/**/*.ts"], rules: { "no-restricted-imports": ["error", { patterns: [serverCode, clientCode] }] } },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/tender/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [clientCode, tenderInternals] }] },
  },
);
