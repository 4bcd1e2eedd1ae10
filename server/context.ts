/** What every loader and action receives from the server: the domain layer, the config and the request's session. */
import type { SessionUser } from "#common/access.ts";
import type { Locale } from "#common/locales.ts";
import type { Requester } from "./auth/account-shared.ts";
import type { Config, PublicConfig } from "./config.ts";
import type { Logger } from "./logger.ts";
import type { Services } from "./services.ts";

export type AppContext = {
  services: Services;
  config: Config;
  publicConfig: PublicConfig;
  /** The nonce of this response's Content-Security-Policy, for the hydration scripts. */
  cspNonce: string;
  user: SessionUser | null;
  /** The language of the page's address (decision 053). */
  locale: Locale;
  /** The request's headers and the visitor's address, for services that sign in, sign out or rate-limit. */
  requester: Requester;
  /**
   * The server's logger: a line written through it names the request being served. A page's server errors are written
   * here at error level (app/entry.server.tsx).
   */
  logger: Logger;
};

declare module "react-router" {
  // Module augmentation needs an interface; it adds AppContext's members to React Router's own type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
