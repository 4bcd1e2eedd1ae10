import { describe, expect, it } from "vitest";
import { amountInput, formatAmount, parseAmount, purchaseName } from "./featuring.ts";

describe("prices", () => {
  it("reads a typed price in the currency's smallest unit, as Stripe counts it", () => {
    expect(parseAmount("29", "usd")).toBe(2900);
    expect(parseAmount("29.5", "eur")).toBe(2950);
    expect(parseAmount("0.99", "usd")).toBe(99);
    expect(parseAmount("500", "jpy")).toBe(500);
    expect(parseAmount("12.50", "kwd")).toBe(12500);
    for (const text of ["", "1.234", "-5", "1e3", "29,50", "12.5", " 3"])
      expect(parseAmount(text, text === "12.5" ? "jpy" : "usd"), text).toBeNull();
  });

  it("writes an amount as a person reads it, and as the console's form shows it", () => {
    expect(formatAmount(2900, "usd")).toBe("$29.00");
    expect(formatAmount(2950, "eur")).toBe("€29.50");
    expect(formatAmount(500, "jpy")).toBe("¥500");
    expect(amountInput(2950, "eur")).toBe("29.50");
    expect(amountInput(500, "jpy")).toBe("500");
  });

  it("names what was bought", () => {
    expect(purchaseName("featured", 7)).toBe("Featured on the home page for 7 days");
    expect(purchaseName("featured", 1)).toBe("Featured on the home page for 1 day");
    expect(purchaseName("featured-monthly", null)).toBe("Featured on the home page, monthly");
    expect(purchaseName("skip-line", null)).toBe("Skip the waiting line");
  });
});
