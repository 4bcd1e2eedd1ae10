/** The public JSON API under /api/v1: thin handlers that parse input, call one service and shape the answer. */
import { Hono } from "hono";
import { toolIdParam } from "#common/schemas/fields.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import type { Services } from "../services.ts";
import { invalidInput } from "#common/input-errors.ts";

/** A tool id from the URL; anything that cannot be one is a tool that does not exist. */
function parseToolId(text: string): string {
  const id = toolIdParam.safeParse(text);
  if (!id.success) throw new AppError("not-found", MESSAGES.tool.notFoundById);
  return id.data;
}

export function createApi(services: Services) {
  // The session middleware of server/http/app.ts runs first and sets the user (null for a visitor).
  const api = new Hono<{ Variables: { user?: SessionUser | null } }>();

  /** One page of live tools, newest first: the home page's infinite scroll. */
  api.get("/tools", async (c) => {
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) throw invalidInput(query.error);
    const page = await services.tools.listLatestTools(query.data);
    c.header("Cache-Control", "public, max-age=30");
    return c.json(page);
  });

  /**
   * What a tool page shows besides the tool: its current counters, suggested tools and the tools makers added. The
   * browser asks for it when it reads the tool itself from its snapshot.
   */
  api.get("/tools/:id/related", async (c) => {
    const tool = await services.tools.findPublicToolById(parseToolId(c.req.param("id")));
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
    return c.json(await services.tools.getRelatedToTool(tool));
  });

  /** Adds the tool to the signed-in user's favourites; answers the heart's new state. */
  api.post("/tools/:id/favorite", async (c) => {
    return c.json(await services.favorites.addFavorite(c.get("user") ?? null, parseToolId(c.req.param("id"))));
  });

  /** Takes the tool out of the signed-in user's favourites. */
  api.delete("/tools/:id/favorite", async (c) => {
    return c.json(await services.favorites.removeFavorite(c.get("user") ?? null, parseToolId(c.req.param("id"))));
  });

  api.all("*", () => {
    throw new AppError("not-found", MESSAGES.page.noSuchApiEndpoint);
  });

  return api;
}
