import { describe, expect, it } from "vitest";
import { readTar, tarEnd, tarEntry } from "./tar.ts";

const archiveOf = (...entries: Parameters<typeof tarEntry>[0][]) => Buffer.concat([...entries.flatMap((entry) => tarEntry(entry)), tarEnd()]);

describe("tar", () => {
  it("reads back what it wrote: names (long ones split at a slash), bytes and times", () => {
    const long = `files/${"a".repeat(90)}/${"b".repeat(90)}.png`;
    const entries = [
      { name: "manifest.json", body: Buffer.from("{}"), modifiedAt: new Date("2026-01-02T03:04:05Z") },
      { name: long, body: Buffer.alloc(1025, 7), modifiedAt: new Date("2020-01-01T00:00:00Z") },
      { name: "empty", body: Buffer.alloc(0), modifiedAt: new Date("2021-01-01T00:00:00Z") },
    ];
    const read = [...readTar(archiveOf(...entries))];
    expect(read.map(({ name, body, modifiedAt }) => ({ name, body: Buffer.from(body), modifiedAt }))).toEqual(entries);
  });

  it.each(["../escape", "/absolute", "a/../../b", "a//b", "back\\slash", "nul\u0000", ""])("refuses to write the unsafe path %j", (name) => {
    expect(() => tarEntry({ name, body: Buffer.alloc(1) })).toThrow(/unsafe path/);
  });

  it("refuses an archive whose entry escapes its folder, even with a right checksum", () => {
    const archive = archiveOf({ name: "xx/escape", body: Buffer.from("x") });
    archive.write("../", 0, "ascii");
    let sum = 0;
    for (let index = 0; index < 512; index++) sum += index >= 148 && index < 156 ? 32 : archive[index]!;
    archive.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8, "ascii");
    expect(() => [...readTar(archive)]).toThrow(/unsafe path/);
  });

  it("refuses a damaged header, an archive cut short, and an entry that is not a file", () => {
    const archive = archiveOf({ name: "a", body: Buffer.alloc(600, 1) });
    const damaged = Buffer.from(archive);
    damaged[10] = 65;
    expect(() => [...readTar(damaged)]).toThrow(/wrong checksum/);
    expect(() => [...readTar(archive.subarray(0, 700))]).toThrow(/cut short/);
    expect(() => [...readTar(archive.subarray(0, 1536))]).toThrow(/cut short: it has no end/);
    const folder = Buffer.from(archive);
    folder.write("5", 156, "ascii");
    let sum = 0;
    for (let index = 0; index < 512; index++) sum += index >= 148 && index < 156 ? 32 : folder[index]!;
    folder.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8, "ascii");
    expect(() => [...readTar(folder)]).toThrow(/not a file/);
  });
});
