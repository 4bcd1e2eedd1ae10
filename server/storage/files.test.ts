import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localFileStorage } from "./files.ts";

describe("localFileStorage", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "indie-files-"));
  const storage = localFileStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes, replaces and removes a file under its key", async () => {
    await storage.write("tools/t1/t1.json", '{"a":1}', "application/json");
    expect(readFileSync(path.join(root, "tools/t1/t1.json"), "utf8")).toBe('{"a":1}');
    await storage.write("tools/t1/t1.json", '{"a":2}', "application/json");
    expect(readFileSync(path.join(root, "tools/t1/t1.json"), "utf8")).toBe('{"a":2}');
    await storage.remove("tools/t1/t1.json");
    expect(existsSync(path.join(root, "tools/t1/t1.json"))).toBe(false);
    await storage.remove("tools/t1/t1.json");
  });

  it("lists the files under a folder, at any depth, with when each was written", async () => {
    // A file's time is the file system's clock, which may not be this process's (a test run with the clock moved on).
    await storage.write("probe/now.json", "{}", "application/json");
    let before = 0;
    for await (const file of storage.list("probe")) before = file.modifiedAt.getTime() - 1000;
    await storage.write("tools/t2/a.webp", "a", "image/webp");
    await storage.write("tools/t3/b.webp", "b", "image/webp");
    await storage.write("other/c.json", "{}", "application/json");
    const listed = [];
    for await (const file of storage.list("tools")) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual(["tools/t2/a.webp", "tools/t3/b.webp"]);
    expect(listed.every((file) => file.modifiedAt.getTime() >= before)).toBe(true);
    const none = [];
    for await (const file of storage.list("nothing-here")) none.push(file);
    expect(none).toEqual([]);
  });

  it("checks that its folder can be written, and fails when it cannot", async () => {
    await storage.check();
    const blocked = path.join(root, "blocked");
    writeFileSync(blocked, "a file where a folder should be");
    await expect(localFileStorage(blocked).check()).rejects.toThrow();
  });

  it("gives the public URL", () => {
    expect(storage.publicUrl("tools/t1/t1.json")).toBe("/files/tools/t1/t1.json");
  });

  it.each(["../escape.json", "tools/../../x.json", "/abs.json", "tools//t.json", "no-extension", "tools/t1/t 1.json"])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.write(key, "x", "text/plain")).rejects.toThrow(/Not a valid file key/);
    },
  );

  it("checks that the folder can be written, making it when it is missing", async () => {
    await expect(localFileStorage(path.join(root, "made/on/check")).check()).resolves.toBeUndefined();
    expect(existsSync(path.join(root, "made/on/check"))).toBe(true);
    writeFileSync(path.join(root, "a-file"), "x");
    await expect(localFileStorage(path.join(root, "a-file/under-it")).check()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
