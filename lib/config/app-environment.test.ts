import { afterEach, describe, expect, it } from "vitest";
import { environmentLogLine, resolveEnvironment } from "./app-environment";
import { env, resetEnvCache } from "./env";

describe("resolveEnvironment: which environment a start runs in", () => {
  it.each([
    ["the zero-setup start: nothing set", {}, "sandbox"],
    ["next dev on the embedded database", { NODE_ENV: "development" }, "sandbox"],
    ["npm start on the embedded database (next start set NODE_ENV=production)", { NODE_ENV: "production", NODE_ENV_FROM_NEXT_START: "1" }, "sandbox"],
    ["a PostgreSQL server", { DATABASE_URL: "postgres://db/kyc" }, "production"],
    ["npm start on a PostgreSQL server", { DATABASE_URL: "postgres://db/kyc", NODE_ENV: "production", NODE_ENV_FROM_NEXT_START: "1" }, "production"],
    ["next dev on a PostgreSQL server", { DATABASE_URL: "postgres://db/kyc", NODE_ENV: "development" }, "production"],
    ["the operator's NODE_ENV=production (next start run directly, a container)", { NODE_ENV: "production" }, "production"],
    ["APP_ENVIRONMENT=sandbox on a PostgreSQL server", { APP_ENVIRONMENT: "sandbox", DATABASE_URL: "postgres://db/kyc", NODE_ENV: "production" }, "sandbox"],
    ["APP_ENVIRONMENT=production on the embedded database", { APP_ENVIRONMENT: "production" }, "production"],
  ] as const)("%s → %s", (_name, inputs, expected) => {
    expect(resolveEnvironment(inputs).environment).toBe(expected);
  });

  it("says why: the variable, or which default applied", () => {
    expect(resolveEnvironment({ APP_ENVIRONMENT: "sandbox", DATABASE_URL: "x" }).reason).toBe("APP_ENVIRONMENT=sandbox");
    expect(resolveEnvironment({ DATABASE_URL: "x" }).reason).toBe("default: DATABASE_URL is set");
    expect(resolveEnvironment({ NODE_ENV: "production" }).reason).toBe("default: NODE_ENV=production");
    expect(resolveEnvironment({}).reason).toMatch(/zero-setup start on the embedded database/);
  });

  it("the start-up line names the environment, the reason and how to change it", () => {
    const sandbox = environmentLogLine(resolveEnvironment({}));
    expect(sandbox).toMatch(/^\[env\] APP_ENVIRONMENT=sandbox \(default: zero-setup start on the embedded database \(no DATABASE_URL\)\): /);
    expect(sandbox).toMatch(/webhook sink/);
    expect(sandbox).toMatch(/set DATABASE_URL or APP_ENVIRONMENT=production/);
    expect(environmentLogLine(resolveEnvironment({ DATABASE_URL: "x" }))).toMatch(/^\[env\] APP_ENVIRONMENT=production \(default: DATABASE_URL is set\): no sandbox routes.* set APP_ENVIRONMENT=sandbox\.$/);
    expect(environmentLogLine(resolveEnvironment({ APP_ENVIRONMENT: "production" }))).not.toMatch(/set APP_ENVIRONMENT=sandbox/);
  });
});

describe("env(): APP_ENVIRONMENT default", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["APP_ENVIRONMENT", "DATABASE_URL", "NODE_ENV", "NODE_ENV_FROM_NEXT_START"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
  });
  const envWith = (vars: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(vars)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
    return env();
  };

  it("is production when DATABASE_URL is set, and needs nothing else to be production", () => {
    const e = envWith({ APP_ENVIRONMENT: undefined, DATABASE_URL: "postgres://db/kyc", NODE_ENV: "development" });
    expect([e.APP_ENVIRONMENT, e.isProduction, e.environmentReason]).toEqual(["production", true, "default: DATABASE_URL is set"]);
  });

  it("is sandbox on the embedded database, also under npm start's NODE_ENV=production; an empty APP_ENVIRONMENT counts as unset", () => {
    expect(envWith({ APP_ENVIRONMENT: "", DATABASE_URL: "", NODE_ENV: "development" }).APP_ENVIRONMENT).toBe("sandbox");
    expect(envWith({ APP_ENVIRONMENT: undefined, DATABASE_URL: undefined, NODE_ENV: "production", NODE_ENV_FROM_NEXT_START: "1" }).APP_ENVIRONMENT).toBe("sandbox");
    expect(envWith({ NODE_ENV_FROM_NEXT_START: undefined }).APP_ENVIRONMENT).toBe("production");
  });

  it("an explicit APP_ENVIRONMENT wins over the default", () => {
    expect(envWith({ APP_ENVIRONMENT: "sandbox", DATABASE_URL: "postgres://db/kyc" }).isProduction).toBe(false);
  });
});
