/** Builds the domain layer from its dependencies. Loaders, actions and API handlers all call these, and nothing else touches the database. */
import { categoryQueries } from "./categories/queries.ts";
import type { Config } from "./config.ts";
import { blog } from "./content/blog.ts";
import { legalPages } from "./content/pages.ts";
import { topLists } from "./content/top-lists.ts";
import type { Database } from "./db/client.ts";
import { feedQueries } from "./feeds/queries.ts";
import type { Logger } from "./logger.ts";
import { searchQueries } from "./search/queries.ts";
import { tagQueries } from "./tags/queries.ts";
import { toolMutations } from "./tools/mutations.ts";
import { toolListQueries } from "./tools/lists.ts";
import { toolQueries } from "./tools/queries.ts";
import { toolSnapshots } from "./tools/snapshots.ts";
import type { FileStorage } from "./storage/files.ts";

export type Dependencies = { db: Database; config: Config; logger: Logger; storage: FileStorage };

export function createServices(deps: Dependencies) {
  return {
    tools: { ...toolQueries(deps.db), ...toolMutations(deps.db), ...toolSnapshots(deps.db, deps.storage), ...toolListQueries(deps.db) },
    categories: categoryQueries(deps.db),
    tags: tagQueries(deps.db),
    topLists,
    feeds: feedQueries(deps.db),
    search: searchQueries(deps.db),
    blog,
    legalPages,
  };
}

export type Services = ReturnType<typeof createServices>;
