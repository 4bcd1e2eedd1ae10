/**
 * Notices to the site's admin through a Telegram bot (SPEC section 7: GET sendMessage with chat id, a text with a
 * bold title, disable_notification and Markdown parse mode). Without a bot configured, notices go to the log.
 * A notice never fails its caller: a failure is logged.
 */
import type { Logger } from "../logger.ts";

export type Notice = { title: string; text: string; silent?: boolean };

export interface Notifier {
  notify(notice: Notice): Promise<void>;
}

/** Markdown (legacy) special characters, escaped so user text cannot change the message's formatting. */
function escapeMarkdown(text: string): string {
  return text.replace(/([_*`[])/g, "\\$1");
}

export function createNotifier({
  botToken,
  chatId,
  apiUrl,
  logger,
}: {
  botToken: string;
  chatId: string;
  apiUrl: string;
  logger: Logger;
}): Notifier {
  if (!botToken || !chatId) {
    return {
      async notify({ title, text }) {
        logger.info(`notice: ${title}: ${text}`);
      },
    };
  }
  return {
    async notify({ title, text, silent = false }) {
      const url = new URL(`${apiUrl.replace(/\/+$/, "")}/bot${botToken}/sendMessage`);
      url.searchParams.set("chat_id", chatId);
      url.searchParams.set("text", `*${escapeMarkdown(title)}*\n${escapeMarkdown(text)}`);
      url.searchParams.set("disable_notification", String(silent));
      url.searchParams.set("parse_mode", "Markdown");
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        if (!response.ok) logger.warn(`notice not delivered: the bot API answered ${response.status}`, { title });
      } catch (error) {
        logger.warn(`notice not delivered: ${(error as Error).message}`, { title });
      }
    },
  };
}
