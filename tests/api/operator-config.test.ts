// Operator details for /impressum and /agb (issue #18): in production the server refuses to start
// without them, naming the missing variables in German; in development a clearly marked sample
// operator stands in — never placeholder tokens.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, OPERATOR_VARIABLES, SAMPLE_OPERATOR, loadConfig } from "../../src/server/config";
import { siteConfigFrom } from "../../src/server/client-routes";

const OPERATOR = {
  OPERATOR_COMPANY: "Bauanalyse Wetterau GmbH",
  OPERATOR_STREET: "Marktplatz 3",
  OPERATOR_CITY: "35510 Butzbach",
  OPERATOR_REPRESENTATIVES: "Anna Beispiel",
  OPERATOR_EMAIL: "info@bauanalyse.example",
  OPERATOR_PHONE: "+49 6033 4711",
  OPERATOR_VAT_ID: "DE299999999",
  OPERATOR_REGISTER: "Amtsgericht Friedberg, HRB 9999",
};
const ALL = Object.values(OPERATOR_VARIABLES);

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (err) {
    return err;
  }
  return null;
};

describe("production (NODE_ENV=production)", () => {
  it("refuses to start without the operator variables, naming each missing one in German", () => {
    const err = refusal({ NODE_ENV: "production" });
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).toMatch(/^bauklar startet nicht: Im Produktivbetrieb/);
    for (const name of ALL) expect(message).toContain(name);
  });

  it("names only what is missing; blank values count as missing", () => {
    const { OPERATOR_PHONE: _phone, ...rest } = OPERATOR;
    const message = (refusal({ NODE_ENV: "production", ...rest, OPERATOR_VAT_ID: "  " }) as Error).message;
    expect(message).toContain("OPERATOR_PHONE, OPERATOR_VAT_ID");
    for (const name of ALL.filter((n) => n !== "OPERATOR_PHONE" && n !== "OPERATOR_VAT_ID")) expect(message).not.toContain(name);
  });

  it("starts with all of them, showing exactly the configured details", () => {
    const config = loadConfig({ NODE_ENV: "production", ...OPERATOR });
    expect(config.operator).toEqual({
      company: OPERATOR.OPERATOR_COMPANY,
      street: OPERATOR.OPERATOR_STREET,
      city: OPERATOR.OPERATOR_CITY,
      representatives: OPERATOR.OPERATOR_REPRESENTATIVES,
      email: OPERATOR.OPERATOR_EMAIL,
      phone: OPERATOR.OPERATOR_PHONE,
      vatId: OPERATOR.OPERATOR_VAT_ID,
      register: OPERATOR.OPERATOR_REGISTER,
      sample: false,
    });
    expect(siteConfigFrom(config).operator.notice).toBe("");
  });

  it("the server process exits with the message alone (no stack trace) before opening anything", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bauklar-refuse-"));
    try {
      const { OPERATOR_REGISTER: _register, ...rest } = OPERATOR;
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        PORT: "0",
        ...rest,
      };
      const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        cwd: resolve(import.meta.dirname, "../.."),
        env,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("bauklar startet nicht");
      expect(run.stderr).toContain("OPERATOR_REGISTER");
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).not.toContain("läuft auf");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("development", () => {
  it("shows the sample operator, marked as such, and no placeholder tokens", () => {
    const config = loadConfig({});
    const { sample, ...details } = config.operator;
    expect(sample).toBe(true);
    expect(details).toEqual(SAMPLE_OPERATOR);
    expect(JSON.stringify(details)).not.toMatch(/Platzhalter|0000|setzen/);
    const notice = siteConfigFrom(config).operator.notice;
    expect(notice).toMatch(/^Beispielangaben:/);
    for (const name of ALL) expect(notice).toContain(name);
  });

  it("fills only the missing details from the sample and still marks the page", () => {
    const config = loadConfig({ OPERATOR_COMPANY: "Eigenbau GmbH" });
    expect(config.operator.company).toBe("Eigenbau GmbH");
    expect(config.operator.street).toBe(SAMPLE_OPERATOR.street);
    expect(config.operator.sample).toBe(true);
  });
});
