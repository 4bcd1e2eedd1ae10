/**
 * Notices to the site's admin through a Telegram bot (docs/product.md §7: GET sendMessage with chat id, a text with a
 * bold title, disable_notification and Markdown parse mode). Without a bot configured, notices go to the log.
 * A notice is sent once: a failure throws, and the outbox (server/outbox/) tries it again later.
 */
import type { Logger } from "../logger.ts";

export type Notice = { title: string; text: string; silent?: boolean };

export interface Notifier {
  notify(notice: Notice): Promise<void>;
}

/** How long a notice may take before it is given up (the outbox worker waits for it, never a request). */
const NOTIFY_TIMEOUT_MS = 10_000;
/** Telegram refuses a message longer than this, in characters. */
const MAX_MESSAGE_LENGTH = 4096;

/** The characters Telegram's (legacy) Markdown gives a meaning to. */
const MARKDOWN_SPECIAL = /([_*`[])/g;
const IS_MARKDOWN_SPECIAL = /^[_*`[]$/;

/** User text, escaped so it cannot change the message's formatting. */
export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, "\\$1");
}

/**
 * A bold title. Legacy Markdown allows no escape inside an entity, so each special character closes the bold, stands
 * escaped on its own, and the bold opens again.
 */
export function boldMarkdown(text: string): string {
  return text
    .split(MARKDOWN_SPECIAL)
    .filter((part) => part !== "")
    .map((part) => (IS_MARKDOWN_SPECIAL.test(part) ? `\\${part}` : `*${part}*`))
    .join("");
}

/** The message's text: the bold title, then the body, cut to what Telegram takes. */
export function formatNotice({ title, text }: Notice): string {
  const message = `${boldMarkdown(title)}\n${escapeMarkdown(text)}`;
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  // Cut before a trailing backslash, which would escape nothing.
  return `${message.slice(0, MAX_MESSAGE_LENGTH - 1).replace(/\\+$/, "")}…`;
}

export function createNotifier({
  botToken,
  chatId,
  apiUrl,
  logger,
  timeoutMs = NOTIFY_TIMEOUT_MS,
}: {
  botToken: string;
  chatId: string;
  apiUrl: string;
  logger: Logger;
  timeoutMs?: number;
}): Notifier {
  if (!botToken || !chatId || !apiUrl) {
    return {
      async notify({ title, text }) {
        logger.info(`notice: ${title}: ${text}`);
      },
    };
  }
  return {
    async notify(notice) {
      const url = new URL(`${apiUrl.replace(/\/+$/, "")}/bot${botToken}/sendMessage`);
      url.searchParams.set("chat_id", chatId);
      url.searchParams.set("text", formatNotice(notice));
      url.searchParams.set("disable_notification", String(notice.silent ?? false));
      url.searchParams.set("parse_mode", "Markdown");
      const failure = await send(url);
      // The bot token is part of the address: it is never logged, nor part of the error.
      if (failure) throw new Error(`notice not delivered: ${failure.replaceAll(botToken, "[bot token]")}`);
    },
  };

  /** Sends one request; the reason it failed, or null. */
  async function send(url: URL): Promise<string | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok ? null : `the bot API answered ${response.status}`;
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
      return `${(error as Error).message}${cause ? ` (${cause})` : ""}`;
    }
  }
}
