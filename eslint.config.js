import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The server matches control characters on purpose, to refuse them in form fields and headers.
      "no-control-regex": "off",
    },
  },
  {
    // Templates, the browser's code and the shared modules never reach into the generator's
    // stages or the server: what they share lives in src/shared/.
    files: ["src/templates/**", "src/client/**", "src/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/generator/**", "**/server/**"], message: "Import what is shared from src/shared/ instead." }] },
      ],
    },
  },
  {
    // Islands also run in the browser: they get everything through their props, never from the
    // page context (Node only) or the icon set (too large to ship).
    files: ["src/templates/islands/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/generator/**", "**/server/**"], message: "Import what is shared from src/shared/ instead." },
            { group: ["../context.tsx", "../icons.tsx", "node:*"], message: "Islands run in the browser: pass what they need as props or slots." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/generator/**", "**/templates/*", "!**/templates/islands", "!**/templates/ContactForm.tsx"],
              message: "The server reads the build's output; share code through src/shared/ (it draws only the contact form island).",
            },
          ],
        },
      ],
    },
  },
);
