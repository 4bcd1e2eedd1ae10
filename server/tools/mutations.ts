/** Writes to tools. */
import { and, eq, sql } from "drizzle-orm";
import { AppError, MESSAGES } from "#common/errors.ts";
import type { Database } from "../db/client.ts";
import { tools } from "../db/schema.ts";
import { isPublicTool } from "./queries.ts";

export function toolMutations(db: Database) {
  return {
    /** Counts one view of a live tool's page; returns both counters as they now stand. */
    async recordToolView(id: string): Promise<{ views: number; clicks: number }> {
      const [row] = await db
        .update(tools)
        .set({ views: sql`${tools.views} + 1` })
        .where(and(eq(tools.id, id), isPublicTool))
        .returning({ views: tools.views, clicks: tools.clicks });
      if (!row) throw new AppError("not-found", MESSAGES.toolNotFoundById);
      return row;
    },

    /** Counts one click on a live tool's website link; an atomic increment, so concurrent clicks are all counted. */
    async recordToolClick(id: string): Promise<{ clicks: number }> {
      const [row] = await db
        .update(tools)
        .set({ clicks: sql`${tools.clicks} + 1` })
        .where(and(eq(tools.id, id), isPublicTool))
        .returning({ clicks: tools.clicks });
      if (!row) throw new AppError("not-found", MESSAGES.toolNotFoundById);
      return row;
    },
  };
}
