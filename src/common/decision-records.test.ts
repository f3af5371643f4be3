// Decision records are numbered, dated, carry a status and are listed in the index.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = join(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(DIR).filter((f) => f.endsWith(".md") && f !== "README.md");

describe("decision records", () => {
  it.each(records)("%s is numbered, dated, has a status and is in the index", (file) => {
    expect(file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
    const text = readFileSync(join(DIR, file), "utf8");
    expect(text).toMatch(/^Status: (proposed|accepted|superseded by \d{4}|deprecated) · Date: \d{4}-\d{2}-\d{2}$/m);
    expect(readFileSync(join(DIR, "README.md"), "utf8")).toContain(`(${file})`);
  });

  it("numbers are unique", () => {
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
