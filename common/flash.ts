/**
 * A word the server leaves for the next page: a short-lived cookie naming one of these messages, which the page reads,
 * shows as a toast and removes (app/components/toast.tsx). The cookie holds a key, never text: the page the visitor
 * gets stays the same for everyone, and nothing in a cookie is shown as it came.
 */
export const FLASH_COOKIE = "idt_flash";

export const FLASH_MESSAGES = {
  "signed-in": "You are signed in. Welcome back!",
  "signed-up": "Welcome! Your account is ready.",
} as const;

export type Flash = keyof typeof FLASH_MESSAGES;

/** The Set-Cookie value that leaves `flash` for the next page. */
export const flashCookie = (flash: Flash) => `${FLASH_COOKIE}=${flash}; Path=/; Max-Age=60; SameSite=Lax`;

/** The message a cookie header leaves, if any. */
export function flashOf(cookieHeader: string): (typeof FLASH_MESSAGES)[Flash] | undefined {
  const key = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([a-z-]+)`).exec(cookieHeader)?.[1];
  return key && Object.hasOwn(FLASH_MESSAGES, key) ? FLASH_MESSAGES[key as Flash] : undefined;
}
