/**
 * A test file's frame in a line: what its tests share is opened before them and closed after them.
 *
 * `useResource(open, close)` registers a `beforeAll` that opens the resource and an `afterAll` that closes it (with
 * its own `close()` by default, when it has one). It returns at once an object that stands for the resource: a file
 * names its resources at the top of its `describe`, and its tests use them as they are (`smtp.url`, `database.db`).
 * Reading one before it opens throws. Resources open in the order they are named, before the file's own `beforeAll`,
 * and close in the reverse order, after its own `afterAll` (vitest runs the after-hooks as a stack).
 */
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";
import { type DatabaseKind, openTestDatabase, type TestDatabase } from "./database.ts";
import { startLocalServer } from "./local-http.ts";
import { startSmtpReceiver } from "./smtp.ts";

export function useResource<T extends object>(
  open: () => Promise<T>,
  close: (resource: T) => unknown = (resource) => (resource as { close?: () => unknown }).close?.(),
): T {
  let opened: T | undefined;
  const resource = (): T => {
    if (!opened) throw new Error("A test resource was read before its beforeAll opened it");
    return opened;
  };
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  // Every read and write goes to the opened resource itself: a test that sets one of its fields sets it there.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(resource(), key),
    set: (_, key, value) => Reflect.set(resource(), key, value),
    has: (_, key) => Reflect.has(resource(), key),
    ownKeys: () => Reflect.ownKeys(resource()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(resource(), key),
  });
}

/** An app's settings, or a function that reads them once the resources named before are open. */
export type Settings = Record<string, string> | (() => Record<string, string>);

export const settingsOf = (settings: Settings) => (typeof settings === "function" ? settings() : settings);

/** A database of `kind` for the file's tests (tests/setup/database.ts). */
export function useTestDatabase(kind: DatabaseKind): TestDatabase {
  return useResource(() => openTestDatabase(kind));
}

/**
 * A database of `kind` and the real app over it (tests/setup/app.ts), for the file's tests. `env` is the app's
 * settings, or a function that reads them once the resources named before are open (a mail receiver's address).
 * Each test starts from the database as the previous left it: a file that wants it empty says
 * `beforeEach(() => database.reset())`.
 */
export function useTestApp(
  kind: DatabaseKind,
  env: Settings = {},
  options: TestAppOptions = {},
): { database: TestDatabase; app: TestApp } {
  const database = useTestDatabase(kind);
  const app = useResource(() => createTestApp(database, settingsOf(env), options));
  return { database, app };
}

/**
 * A mail receiver and a stand-in for Telegram's bot API, with `env()`: the app's settings that send its mails and the
 * admin's notices to them.
 */
export function useMailAndBot() {
  const smtp = useResource(startSmtpReceiver);
  const bot = useResource(startLocalServer);
  const env = () => ({
    SMTP_URL: smtp.url,
    TELEGRAM_BOT_TOKEN: "123:abc",
    TELEGRAM_CHAT_ID: "42",
    TELEGRAM_API_URL: bot.url,
  });
  return { smtp, bot, env };
}
