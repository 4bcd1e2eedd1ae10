/** Personal API keys: the forms of /settings/api-keys and /admin/api-keys, and the bearer token a request sends. */
import { z } from "#common/zod.ts";
import { API_KEY_PREFIX, API_KEY_SCOPES, MAX_API_KEY_NAME_LENGTH } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, isStorableText } from "./fields.ts";

export const createApiKeyInput = z.object({
  name: z
    .string({ error: () => MESSAGES.apiKey.nameRequired })
    .trim()
    .min(1, { error: () => MESSAGES.apiKey.nameRequired })
    .max(MAX_API_KEY_NAME_LENGTH, { error: () => MESSAGES.apiKey.nameRequired })
    .refine(isStorableText, { error: () => MESSAGES.apiKey.nameRequired }),
  scope: z.enum(API_KEY_SCOPES, { error: () => MESSAGES.apiKey.scope }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const revokeApiKeyInput = z.object({
  keyId: z
    .string({ error: () => MESSAGES.apiKey.notFound })
    .regex(/^k[a-z0-9]{1,40}$/, { error: () => MESSAGES.apiKey.notFound }),
});
export type RevokeApiKeyInput = z.infer<typeof revokeApiKeyInput>;

export const apiKeysPageQuery = z.object({ cursor: cursorParam });

/** A key as we make them: the prefix, then 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** What an `Authorization: Bearer <credentials>` header carries (the scheme in any case); null when the header is not one. */
export function bearerCredentials(header: string): string | null {
  return /^Bearer +(\S+)\s*$/i.exec(header)?.[1] ?? null;
}

/** The API key of an `Authorization: Bearer <token>` header; null when the header is not one, or carries no key. */
export function bearerToken(header: string): string | null {
  const credentials = bearerCredentials(header);
  return credentials && API_KEY_PATTERN.test(credentials) ? credentials : null;
}
