/** Builds the domain layer from its dependencies. Loaders, actions and API handlers all call these, and nothing else touches the database. */
import { accountService } from "./auth/accounts.ts";
import { createAuth } from "./auth/better-auth.ts";
import { rateLimiter } from "./auth/rate-limit.ts";
import { createTokenSync } from "./auth/token-sync.ts";
import { categoryQueries } from "./categories/queries.ts";
import type { Config } from "./config.ts";
import { blog } from "./content/blog.ts";
import { legalPages } from "./content/pages.ts";
import { topLists } from "./content/top-lists.ts";
import type { Database } from "./db/client.ts";
import { feedQueries } from "./feeds/queries.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Notifier } from "./notify/notifier.ts";
import { searchQueries } from "./search/queries.ts";
import type { FileStorage } from "./storage/files.ts";
import { tagQueries } from "./tags/queries.ts";
import { toolListQueries } from "./tools/lists.ts";
import { toolMutations } from "./tools/mutations.ts";
import { toolQueries } from "./tools/queries.ts";
import { toolSnapshots } from "./tools/snapshots.ts";

export type Dependencies = {
  db: Database;
  config: Config;
  logger: Logger;
  storage: FileStorage;
  mailer: Mailer;
  notifier: Notifier;
  /** Signs sessions and tokens (config AUTH_SECRET, or the one kept in the data folder). */
  authSecret: string;
};

export function createServices(deps: Dependencies) {
  const auth = createAuth({ db: deps.db, config: deps.config, secret: deps.authSecret, mailer: deps.mailer, logger: deps.logger });
  return {
    /** Better Auth itself: its HTTP handler serves /api/auth/* (OAuth callbacks, e-mail link and reset link checks). */
    auth,
    accounts: accountService({
      db: deps.db,
      auth,
      limiter: rateLimiter(deps.db),
      notifier: deps.notifier,
      tokenSync: createTokenSync({ url: deps.config.TOKEN_SYNC_URL, logger: deps.logger }),
      logger: deps.logger,
    }),
    mailer: deps.mailer,
    notifier: deps.notifier,
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
