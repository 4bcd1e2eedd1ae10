/** Replaces a middleware's response whole. */
import type { Context } from "hono";

/** Hono's `c.res = response` alone copies the old response's headers onto the new one; clearing it first does not. */
export function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}
