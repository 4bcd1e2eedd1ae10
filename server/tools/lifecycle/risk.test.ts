import { describe, expect, it } from "vitest";
import { findSpammyWords, toolRisk, type RiskSignals } from "./risk.ts";

const CLEAN: RiskSignals = { accountAgeHours: 24 * 30, disposableEmail: false, spammyWords: [] };

describe("toolRisk", () => {
  it("gives a tool from an established account with nothing suspicious no risk and no reason", () => {
    expect(toolRisk(CLEAN)).toEqual({ score: 0, level: "low", reasons: [] });
    expect(toolRisk({ ...CLEAN, accountAgeHours: null })).toEqual({ score: 0, level: "low", reasons: [] });
  });

  it("counts a new account, saying how new", () => {
    expect(toolRisk({ ...CLEAN, accountAgeHours: 3.5 })).toEqual({
      score: 25,
      level: "medium",
      reasons: ["New account: signed up 3 hours before submitting"],
    });
    expect(toolRisk({ ...CLEAN, accountAgeHours: 0.2 }).reasons).toEqual([
      "New account: signed up less than an hour before submitting",
    ]);
    expect(toolRisk({ ...CLEAN, accountAgeHours: 1 }).reasons).toEqual([
      "New account: signed up 1 hour before submitting",
    ]);
    expect(toolRisk({ ...CLEAN, accountAgeHours: 24 }).score).toBe(0);
  });

  it("counts a disposable e-mail address", () => {
    expect(toolRisk({ ...CLEAN, disposableEmail: true })).toEqual({
      score: 35,
      level: "medium",
      reasons: ["Disposable e-mail address"],
    });
  });

  it("counts spammy words, up to a cap, naming them", () => {
    expect(toolRisk({ ...CLEAN, spammyWords: ["casino"] })).toEqual({
      score: 15,
      level: "low",
      reasons: ["Spammy words: casino"],
    });
    expect(toolRisk({ ...CLEAN, spammyWords: ["casino", "loan", "forex"] })).toEqual({
      score: 30,
      level: "medium",
      reasons: ["Spammy words: casino, loan, forex"],
    });
  });

  it("counts a duplicate, naming the tool it repeats", () => {
    expect(toolRisk({ ...CLEAN, duplicateOf: "Plausible" })).toEqual({
      score: 30,
      level: "medium",
      reasons: ["Possible duplicate of Plausible"],
    });
  });

  it("counts a dead link", () => {
    expect(toolRisk({ ...CLEAN, deadLink: true })).toEqual({
      score: 30,
      level: "medium",
      reasons: ["The website did not answer"],
    });
  });

  it("adds the reasons up to 100 at most, and calls 50 or more high", () => {
    const risk = toolRisk({
      accountAgeHours: 2,
      disposableEmail: true,
      spammyWords: ["casino", "viagra"],
      duplicateOf: "Counter",
      deadLink: true,
    });
    expect(risk.score).toBe(100);
    expect(risk.level).toBe("high");
    expect(risk.reasons).toHaveLength(5);
    expect(toolRisk({ ...CLEAN, accountAgeHours: 2, disposableEmail: true }).level).toBe("high");
  });
});

describe("findSpammyWords", () => {
  it("finds whole words in any case, plural included, each once", () => {
    expect(findSpammyWords("Best CASINO bonus; casinos galore")).toEqual(["casino"]);
    expect(findSpammyWords("Quick payday loans and forex signals")).toEqual(["payday", "loan", "forex"]);
    expect(findSpammyWords("Buy  followers fast")).toEqual(["buy followers"]);
  });

  it("leaves words that only contain one alone", () => {
    expect(findSpammyWords("Occasionally useful: a sloan-digital sky survey reader, escorted by docs")).toEqual([]);
    expect(findSpammyWords("A privacy-friendly analytics tool")).toEqual([]);
  });
});
