import { describe, expect, it } from "vitest";
import { githubRepositoryOf } from "./github.ts";

describe("githubRepositoryOf", () => {
  it.each([
    ["https://github.com/indie/counter", { owner: "indie", repo: "counter" }],
    ["https://www.github.com/indie/counter.git", { owner: "indie", repo: "counter" }],
    ["https://github.com/indie/counter/tree/main/docs", { owner: "indie", repo: "counter" }],
  ])("reads %s", (website, expected) => {
    expect(githubRepositoryOf(website)).toEqual(expected);
  });

  it.each([
    "https://github.com/indie",
    "https://gitlab.com/indie/counter",
    "https://github.com.evil.example/indie/counter",
    "https://github.com/in die/x",
    "not a url",
  ])("finds no repository in %s", (website) => {
    expect(githubRepositoryOf(website)).toBeNull();
  });
});
