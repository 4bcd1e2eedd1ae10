import { describe, expect, it } from "vitest";
import categories from "../content/catalogue/categories.json" with { type: "json" };
import { AA_TEXT_CONTRAST, contrastRatio, DARK_INK, inkOn, LIGHT_INK, relativeLuminance } from "./colors.ts";

describe("contrast (WCAG 2.1)", () => {
  it("measures the known extremes and a known pair", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    // WebAIM's checker: #777777 on white is 4.48:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("refuses what is not a #rrggbb colour", () => {
    expect(() => relativeLuminance("red")).toThrow();
  });

  it("chooses ink that reaches AA (4.5:1) on every colour, the catalogue's categories included", () => {
    const colours = [
      ...categories.map((category) => category.color),
      "#000000",
      "#ffffff",
      "#777777",
      "#808080",
      "#ff0000",
      "#0000ff",
      "#00ff00",
      "#7c3aed",
    ];
    for (const colour of colours)
      expect(contrastRatio(colour, inkOn(colour)), colour).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(inkOn("#F9B4B4")).toBe(DARK_INK);
    expect(inkOn("#1e3a8a")).toBe(LIGHT_INK);
  });
});
