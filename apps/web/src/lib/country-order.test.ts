import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { countriesByName } from "./country-order";

describe("countriesByName", () => {
  it("orders names ignoring case and accents, and leaves out what it is asked to", () => {
    const list = { AX: "Åland Islands", AF: "Afghanistan", CI: "Côte d'Ivoire", CR: "Costa Rica", CU: "Cuba", ZZ: "Choose a Country" };
    expect(countriesByName(list, (c) => c === "ZZ").map(([code]) => code)).toEqual(["AF", "AX", "CR", "CI", "CU"]);
    expect(countriesByName(undefined)).toEqual([]);
  });

  it("gives the collator's order for every country the server knows", () => {
    // The server's list is i18n-iso-countries' English names (apps/server countries.ts), every alias too.
    const en = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("i18n-iso-countries/langs/en.json"), "utf8")) as {
      countries: Record<string, string | string[]>;
    };
    const names: Record<string, string> = { ZZ: "Choose a Country", XX: "Unknown Country" };
    for (const [code, name] of Object.entries(en.countries))
      (Array.isArray(name) ? name : [name]).forEach((n, i) => (names[i === 0 ? code : `${code}${i}`] = n));
    expect(Object.keys(names).length).toBeGreaterThan(200);
    const byCollator = Object.entries(names).sort((a, b) => a[1].localeCompare(b[1]));
    expect(countriesByName(names)).toEqual(byCollator);
  });
});
