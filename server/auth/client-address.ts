/**
 * How Better Auth learns the visitor's address: the app computes it once (the socket's peer, or the first forwarded hop
 * behind a trusted proxy) and hands it over in a header of its own, which replaces any copy a client sent. Better Auth
 * reads this header and no other, so a client-sent X-Forwarded-For never reaches its rate limiter or its sessions.
 */
export const CLIENT_ADDRESS_HEADER = "x-indie-tools-client-address";

/** A copy of the request's headers that carries the app's address of the visitor to Better Auth. */
export function withClientAddress(headers: Headers, address: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, address);
  return copy;
}
