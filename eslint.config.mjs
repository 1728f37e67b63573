import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  // A destructured name left out on purpose (`{ idempotencyKey: _, ...run }`) is not an unused variable.
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }] } },
  { ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "drizzle/**", "test-results/**", "playwright-report/**", "reports/**", ".stryker-tmp/**", "next-env.d.ts"] },
];

export default config;
