/** What a process keeps of who a session names (keptSessions): never what a change made while it was read. */
import { describe, expect, it } from "vitest";
import { keptSessions } from "./sessions.ts";

const viewer = { id: "u1", slug: "ada", username: "Ada", role: "guest" as const };
const session = { viewer, authId: "a1", expiresAt: Date.parse("2027-01-01") };

describe("kept sessions", () => {
  it("keeps a read a minute, and drops it when its user's sessions change", () => {
    let clock = Date.parse("2026-12-07T12:00:00Z");
    const kept = keptSessions(() => clock);
    kept.keep("token", session, kept.beginRead());
    expect(kept.get("token")?.viewer).toEqual(viewer);
    kept.invalidate(["tool:x", "session:other"]);
    expect(kept.get("token")).not.toBeNull();
    kept.invalidate(["session:a1"]);
    expect(kept.get("token")).toBeNull();
    kept.keep("token", session, kept.beginRead());
    clock += 61_000;
    expect(kept.get("token")).toBeNull();
  });

  it("does not keep a read that a change overtook: the session it read may have ended since", () => {
    const kept = keptSessions();
    const since = kept.beginRead();
    // The session is deleted, and the message arrives, while the read that found it is on its way back.
    kept.invalidate(["session:a1"]);
    kept.keep("token", session, since);
    expect(kept.get("token")).toBeNull();
    const afterAll = kept.beginRead();
    kept.invalidate("*");
    kept.keep("token", session, afterAll);
    expect(kept.get("token")).toBeNull();
  });
});
