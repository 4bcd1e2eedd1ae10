/** useResource's promises: opened before the file's hooks, closed after them in the reverse order, read through. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useResource } from "./fixtures.ts";

const steps: string[] = [];
const counter = (name: string) => async () => {
  steps.push(`open ${name}`);
  return { name, count: 0, close: () => void steps.push(`close ${name}`) };
};

describe("useResource", () => {
  const first = useResource(counter("first"));
  const second = useResource(counter("second"));
  let seenInOwnHook = "";

  beforeAll(() => {
    seenInOwnHook = `${first.name}, ${second.name}`;
  });
  afterAll(() => {
    steps.push("the file's own afterAll");
  });

  it("opens the resources in their order, before the file's own beforeAll", () => {
    expect(steps).toEqual(["open first", "open second"]);
    expect(seenInOwnHook).toBe("first, second");
  });

  it("reads and writes the opened resource itself", () => {
    first.count = 3;
    expect(first.count).toBe(3);
    expect("count" in first).toBe(true);
    expect({ ...first }).toMatchObject({ name: "first", count: 3 });
  });
});

describe("a resource read before it opens", () => {
  const late = useResource(async () => ({ name: "late" }));
  // Read as the tests are collected, before any hook has run.
  let error: unknown;
  try {
    void late.name;
  } catch (caught) {
    error = caught;
  }

  it("throws, rather than answering undefined", () => {
    expect(String(error)).toContain("read before its beforeAll opened it");
    expect(late.name).toBe("late");
  });
});

describe("after a file's resources closed", () => {
  it("closed them after the file's own afterAll, in the reverse order", () => {
    expect(steps.slice(2)).toEqual(["the file's own afterAll", "close second", "close first"]);
  });
});
