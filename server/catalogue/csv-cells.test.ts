import { describe, expect, it } from "vitest";
import { FORMULA_PAYLOADS } from "#tests/setup/formula-payloads.ts";
import { fromSpreadsheetSafe, spreadsheetSafe } from "./csv-cells.ts";

describe("CSV cells safe in a spreadsheet", () => {
  it.each(FORMULA_PAYLOADS)("writes %j as text, and reads it back", (payload) => {
    const written = spreadsheetSafe(payload);
    expect(written).toBe(`'${payload}`);
    expect(fromSpreadsheetSafe(written)).toBe(payload);
  });

  it("leaves a cell that is no formula as it is", () => {
    for (const cell of ["Plausible", "", "A = B", "'quoted'", "2-3", " a", "https://example.com", "ＡＢＣ"]) {
      expect(spreadsheetSafe(cell)).toBe(cell);
      expect(fromSpreadsheetSafe(cell)).toBe(cell);
    }
  });

  it("keeps a value that already starts with quotes before a formula: one quote is added, and one removed", () => {
    for (const value of ["'=1+1", "''+2", "' -3"]) {
      expect(spreadsheetSafe(value)).toBe(`'${value}`);
      expect(fromSpreadsheetSafe(spreadsheetSafe(value))).toBe(value);
    }
  });
});
