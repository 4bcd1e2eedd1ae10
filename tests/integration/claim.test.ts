import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";
import { createClient } from "../setup/forms.ts";

describe.each(databaseKinds)("claiming a tool from its page on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const signUp = async (username: string) => (await signUpPerson(app, database.db, username)).client;

  it("offers everyone the same claim, which sends a visitor to log in first and back to the tool", async () => {
    const tool = await insertTool(database.db);
    const html = await (await createClient(app.request).request(`/tool/${tool.slug}`)).text();
    expect(html).toContain("Claim this tool");
    const post = await createClient(app.request).post(`/tool/${tool.slug}`, { intent: "claim" });
    expect([post.status, post.headers.get("location")]).toEqual([
      302,
      `/login?redirectTo=${encodeURIComponent(`/tool/${tool.slug}`)}`,
    ]);
  });

  it("lets a signed-in user claim an unclaimed tool, once", async () => {
    const tool = await insertTool(database.db);
    const ada = await signUp("Ada");
    const response = await ada.post(`/tool/${tool.slug}`, { intent: "claim" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your claim was sent.");
    const [row] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
    const [ada_] = await database.db.select().from(users).where(eq(users.username, "Ada"));
    expect(row).toMatchObject({
      hasBeenClaimed: true,
      creatorUsername: "ada",
      claimedBy: ada_!.id,
      isLinkedToCreator: false,
    });

    const grace = await signUp("Grace");
    expect(await (await grace.request(`/tool/${tool.slug}`)).text()).not.toContain("Claim this tool");
    const again = await grace.post(`/tool/${tool.slug}`, { intent: "claim" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This tool is already claimed");
  });

  it("offers no claim on a tool linked to its maker, and sends a visitor's post to the login", async () => {
    const linked = await insertTool(database.db, { creatorUsername: "someone", isLinkedToCreator: true });
    expect(await (await createClient(app.request).request(`/tool/${linked.slug}`)).text()).not.toContain(
      "Claim this tool",
    );
    const unclaimed = await insertTool(database.db);
    const visitor = await createClient(app.request).post(`/tool/${unclaimed.slug}`, { intent: "claim" });
    expect(visitor.status).toBe(302);
    const [row] = await database.db.select().from(tools).where(eq(tools.id, unclaimed.id));
    expect(row!.hasBeenClaimed).toBe(false);
  });
});
