import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";

describe.each(databaseKinds)("live tools changed by their maker, on the queue page, on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const signUp = async (username: string, role?: "verifier") =>
    (await signUpPerson(app, database.db, username, { role })).client;

  it("lists them for a verifier, who confirms them; a guest cannot", async () => {
    const tool = await insertTool(database.db, { name: "Renamed Tool", hasIdentityChanged: true });
    const verifier = await signUp("Vera", "verifier");
    const guest = await signUp("Gus");
    const page = await (await verifier.request("/admin")).text();
    expect(page).toContain("Changed after going live");
    expect(page).toContain("Renamed Tool");

    expect((await guest.post("/admin?index", { intent: "confirm-identity", toolId: tool.id })).status).toBe(403);
    expect((await database.db.select().from(tools).where(eq(tools.id, tool.id)))[0]!.hasIdentityChanged).toBe(true);

    const done = await verifier.post("/admin?index", { intent: "confirm-identity", toolId: tool.id });
    expect(await done.text()).toContain("Renamed Tool: its new name and website are confirmed.");
    expect((await database.db.select().from(tools).where(eq(tools.id, tool.id)))[0]!.hasIdentityChanged).toBe(false);
    expect(await (await verifier.request("/admin")).text()).not.toContain("Changed after going live");
  });
});
