import { describe, expect, it } from "vitest";
import { repositoryHealth, risingScore } from "./repository.ts";

const now = new Date("2026-06-01T00:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe("repositoryHealth", () => {
  it("reads an archived repository as archived, whatever its last commit", () => {
    expect(repositoryHealth({ isArchived: true, lastCommitAt: daysAgo(1) }, now)).toBe("archived");
  });

  it("reads a commit within 186 days as maintained, from 186 days as slowing, from a year as unmaintained", () => {
    expect(repositoryHealth({ isArchived: false, lastCommitAt: daysAgo(185) }, now)).toBe("maintained");
    expect(repositoryHealth({ isArchived: false, lastCommitAt: daysAgo(186) }, now)).toBe("slowing");
    expect(repositoryHealth({ isArchived: false, lastCommitAt: daysAgo(364) }, now)).toBe("slowing");
    expect(repositoryHealth({ isArchived: false, lastCommitAt: daysAgo(365) }, now)).toBe("unmaintained");
  });

  it("says nothing of a repository without a commit", () => {
    expect(repositoryHealth({ isArchived: false, lastCommitAt: null }, now)).toBeNull();
    expect(repositoryHealth({ isArchived: null, lastCommitAt: null }, now)).toBeNull();
  });
});

describe("risingScore", () => {
  it("weighs the stars gained against last week's, damped so that a tiny repository does not lead", () => {
    expect(risingScore(11_000, 10_000)).toBe(990);
    expect(risingScore(6, 2)).toBe(392);
    expect(risingScore(300, 100)).toBe(10_000);
  });

  it("is 0 without last week's record, or when the stars did not grow", () => {
    expect(risingScore(500, null)).toBe(0);
    expect(risingScore(500, 500)).toBe(0);
    expect(risingScore(490, 500)).toBe(0);
  });
});
