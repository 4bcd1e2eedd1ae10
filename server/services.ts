/** Builds the domain layer from its dependencies. Loaders, actions and API handlers all call these, and nothing else touches the database. */
import { categoryQueries } from "./categories/queries.ts";
import type { Config } from "./config.ts";
import { topLists } from "./content/top-lists.ts";
import type { Database } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import { toolMutations } from "./tools/mutations.ts";
import { toolQueries } from "./tools/queries.ts";

export type Dependencies = { db: Database; config: Config; logger: Logger };

export function createServices(deps: Dependencies) {
  return {
    tools: { ...toolQueries(deps.db), ...toolMutations(deps.db) },
    categories: categoryQueries(deps.db),
    topLists,
  };
}

export type Services = ReturnType<typeof createServices>;
