/** The part of the `oidc-provider` package that the test provider uses (the package ships no types). */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = Record<string, unknown>;

  /** Storage of the provider's models (sessions, codes, tokens, grants, clients...). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type Account = {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  };

  export type Configuration = {
    adapter?: (model: string) => Adapter;
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    scopes?: string[];
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    features?: Record<string, { enabled?: boolean } & Record<string, unknown>>;
    interactions?: { url?: (ctx: unknown, interaction: { uid: string }) => string };
    ttl?: Record<string, number>;
    clientBasedCORS?: () => boolean;
    renderError?: (
      ctx: { type: string; body: string },
      out: Record<string, string>,
      error: Error,
    ) => void | Promise<void>;
    [option: string]: unknown;
  };

  export type InteractionDetails = {
    uid: string;
    prompt: {
      name: string;
      reasons: string[];
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, string | undefined>;
    session?: { accountId: string };
    grantId?: string;
  };

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(indicator: string, scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Grant: {
      new (init: { accountId: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { Adapter } from "oidc-provider";

  export function createMemoryAdapter(clockTolerance?: number): (model: string) => Adapter;
}
