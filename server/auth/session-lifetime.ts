/** How long a session lasts, and how old it gets before it is renewed on a request (Better Auth's expiresIn and updateAge). */
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_RENEW_AFTER_SECONDS = 60 * 60 * 24;
