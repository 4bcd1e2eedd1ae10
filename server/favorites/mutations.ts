/** Changes to a user's favourites: only a signed-in user, only live tools; adding or removing twice changes nothing. */
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import { requireSignedIn } from "../access.ts";
import type { Database } from "../db/client.ts";
import { favorites, tools } from "../db/schema.ts";
import { isPublicTool } from "../tools/queries.ts";

export type FavoriteState = { favorited: boolean };

export function favoriteMutations(db: Database) {
  /** A hidden tool is refused as if it did not exist: nothing tells a visitor it is there. */
  async function requirePublicTool(toolId: string): Promise<void> {
    const [tool] = await db.select({ id: tools.id }).from(tools).where(and(eq(tools.id, toolId), isPublicTool)).limit(1);
    if (!tool) throw new AppError("not-found", MESSAGES.tool.notFoundById);
  }

  return {
    /** Adds a live tool to the user's favourites; a tool already there keeps its place (and its date). */
    async addFavorite(user: SessionUser | null, toolId: string): Promise<FavoriteState> {
      const { id: userId } = requireSignedIn(user, MESSAGES.favorite.needsAccount);
      // One statement checks the tool is live and adds it, so a tool hidden meanwhile cannot slip in.
      const added = await db
        .insert(favorites)
        .select(sql`select ${userId}, ${tools.id}, now() from ${tools} where ${tools.id} = ${toolId} and ${isPublicTool}`)
        .onConflictDoNothing()
        .returning({ toolId: favorites.toolId });
      // Nothing added: either it was there already (fine), or the tool is not live.
      if (added.length === 0) await requirePublicTool(toolId);
      return { favorited: true };
    },

    /** Takes a live tool out of the user's favourites; one that is not there is not an error. */
    async removeFavorite(user: SessionUser | null, toolId: string): Promise<FavoriteState> {
      const { id: userId } = requireSignedIn(user, MESSAGES.favorite.needsAccount);
      await requirePublicTool(toolId);
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.toolId, toolId)));
      return { favorited: false };
    },
  };
}

export type FavoriteMutations = ReturnType<typeof favoriteMutations>;
