/**
 * The technology top-lists written in the console (decision 050): one created, edited, moved and removed, with its
 * page, every page's footer, the API and the sitemap following each step; refusals beside their fields; admins only.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { topLists } from "#server/db/schema.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";

const LIST = {
  path: "/top-elixir-tools",
  label: "Elixir tools",
  title: "The best Elixir tools for indie developers",
  subtitle: "Phoenix, LiveView and the hosts that run them.",
  search: "elixir",
  image: "",
  heading0: "Why Elixir",
  body0: "It **scales** on one machine.",
  heading1: "Hosting",
  body1: "Fly and Gigalixir.",
  heading2: "Learning",
  body2: "The guides are good.",
  seoTitle: "Elixir tools for indie developers",
  seoDescription: "The tools an indie developer needs to build with Elixir.",
};
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe.each(databaseKinds)("the top-lists in the console on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let admin: Person;

  beforeEach(async () => {
    await database.reset();
    // The seed's top-lists stay (they are the migration's); those a test adds go.
    await database.db.delete(topLists).where(inArray(topLists.path, [LIST.path, "/top-erlang-tools"]));
    admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
  });

  const text = async (path: string) => (await createClient(app.request).request(path)).text();
  const apiPaths = async () =>
    ((await (await app.request("/api/v1/top-lists")).json()) as { items: { path: string }[] }).items.map(
      (item) => item.path,
    );
  const idOf = async (path: string) =>
    (await database.db.select({ id: topLists.id }).from(topLists).where(eq(topLists.path, path)))[0]!.id;

  it("adds a top-list, edits, moves and removes it, and its page, the footer, the API and the sitemap follow", async () => {
    expect(await text("/")).not.toContain(LIST.path);
    expect((await app.request(LIST.path)).status).toBe(404);
    expect((await admin.client.post("/admin/top-lists/new", LIST)).headers.get("location")).toBe("/admin/top-lists");

    const page = await text(LIST.path);
    expect(page).toContain("<h1");
    expect(page).toContain(LIST.title);
    expect(page).toContain("<strong>scales</strong>");
    expect(await text("/")).toContain(`href="${LIST.path}"`);
    expect(await text("/sitemaps/pages.xml")).toContain(LIST.path);
    expect((await apiPaths()).at(-1)).toBe(LIST.path);

    const id = await idOf(LIST.path);
    expect((await admin.client.post(`/admin/top-lists/${id}`, { ...LIST, label: "Elixir and Phoenix" })).status).toBe(
      302,
    );
    expect(await text("/")).toContain("Elixir and Phoenix");

    expect(
      (await admin.client.post("/admin/top-lists", { intent: "move", id: String(id), direction: "up" })).status,
    ).toBe(200);
    const order = await apiPaths();
    expect(order.at(-2)).toBe(LIST.path);

    expect((await admin.client.post("/admin/top-lists", { intent: "remove", id: String(id) })).status).toBe(200);
    expect((await app.request(LIST.path)).status).toBe(404);
    expect(await text("/")).not.toContain(LIST.path);
    expect(await text("/sitemaps/pages.xml")).not.toContain(LIST.path);
    expect(await apiPaths()).toHaveLength(19);
  });

  it("refuses a taken address, one that is no top-list's, and a missing section, beside their fields", async () => {
    for (const [change, field, message] of [
      [{ path: "/top-react-tools" }, "path", MESSAGES.content.pathTaken],
      [{ path: "/admin" }, "path", MESSAGES.content.badTopListPath],
      [{ path: "/top-elixir-tools/../x" }, "path", MESSAGES.content.badTopListPath],
      [{ search: "two words" }, "search", MESSAGES.content.badSlug],
    ] as const) {
      const refused = await admin.client.post("/admin/top-lists/new", { ...LIST, ...change });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const html = await refused.text();
      expect(html).toContain(`id="field-${field}-error"`);
      expect(html).toContain(escaped(message));
    }
    const noSection = await admin.client.post("/admin/top-lists/new", { ...LIST, body2: " " });
    expect(await noSection.text()).toContain(escaped(MESSAGES.content.sectionRequired));
    expect(await apiPaths()).toHaveLength(19);
  });

  it("answers any other address of one word with the site's ordinary 404", async () => {
    const response = await app.request("/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("There is nothing at this address");
  });

  it("is for admins only: a visitor is asked to sign in, and a guest or a verifier gets a 403 and changes nothing", async () => {
    const visitor = createClient(app.request);
    expect((await visitor.request("/admin/top-lists")).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/top-lists")}`,
    );
    expect((await visitor.post("/admin/top-lists/new", LIST)).status).toBe(302);
    const react = await idOf("/top-react-tools");
    for (const [name, role] of [
      ["Gus", "guest"],
      ["Vera", "verifier"],
    ] as const) {
      const person = await signUpPerson(app, database.db, name, { role });
      expect((await person.client.request("/admin/top-lists")).status).toBe(403);
      expect((await person.client.request("/admin/top-lists/new")).status).toBe(403);
      expect((await person.client.post("/admin/top-lists/new", LIST)).status).toBe(403);
      expect((await person.client.post("/admin/top-lists", { intent: "remove", id: String(react) })).status).toBe(403);
      expect(
        (await person.client.post(`/admin/top-lists/${react}`, { ...LIST, path: "/top-react-tools", label: "Mine" }))
          .status,
      ).toBe(403);
    }
    expect(await apiPaths()).toHaveLength(19);
    expect(await text("/")).not.toContain(">Mine<");
  });
});
