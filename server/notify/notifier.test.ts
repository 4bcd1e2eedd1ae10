// The Telegram adapter against a local HTTP server that speaks the Bot API, and the log fallback.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPortUrl, startLocalServer, type LocalServer } from "#tests/setup/local-http.ts";
import type { Logger } from "../logger.ts";
import { boldMarkdown, createNotifier, escapeMarkdown } from "./notifier.ts";

const TOKEN = "123456:secret-bot-token";

function recordingLogger() {
  const lines: { level: keyof Logger; message: string; detail?: unknown }[] = [];
  const logger = Object.fromEntries(
    (["debug", "info", "warn", "error"] as const).map((level) => [
      level,
      (message: string, detail?: unknown) => void lines.push({ level, message, detail }),
    ]),
  ) as Logger;
  return { logger, lines };
}

describe("Telegram notifier", () => {
  let bot: LocalServer;
  beforeAll(async () => {
    bot = await startLocalServer();
  });
  afterAll(() => bot.close());
  beforeEach(() => {
    bot.requests.length = 0;
    bot.answer({ status: 200, body: { ok: true, result: { message_id: 7 } } });
  });

  it("sends GET sendMessage with the chat id, a bold title, disable_notification and Markdown", async () => {
    const { logger, lines } = recordingLogger();
    await createNotifier({ botToken: TOKEN, chatId: "-100200", apiUrl: `${bot.url}/`, logger }).notify({
      title: "Boost request",
      text: "Ada asks to feature Linear.",
    });

    expect(bot.requests).toHaveLength(1);
    const [request] = bot.requests;
    expect(request!.method).toBe("GET");
    expect(request!.url.pathname).toBe(`/bot${TOKEN}/sendMessage`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      chat_id: "-100200",
      text: "*Boost request*\nAda asks to feature Linear.",
      disable_notification: "false",
      parse_mode: "Markdown",
    });
    expect(lines).toEqual([]);
  });

  it("sends a silent notice with disable_notification=true", async () => {
    const { logger } = recordingLogger();
    await createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger }).notify({
      title: "T",
      text: "x",
      silent: true,
    });
    expect(bot.requests[0]!.url.searchParams.get("disable_notification")).toBe("true");
  });

  it("escapes Markdown in user text, and keeps the title bold around its special characters", async () => {
    const { logger } = recordingLogger();
    await createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger }).notify({
      title: "New [tool] by snake_case",
      text: "a_b *c* `d` [e](https://evil.example)",
    });
    expect(bot.requests[0]!.url.searchParams.get("text")).toBe(
      "*New *\\[*tool] by snake*\\_*case*\na\\_b \\*c\\* \\`d\\` \\[e](https://evil.example)",
    );
  });

  it("cuts a message to the 4096 characters Telegram takes", async () => {
    const { logger } = recordingLogger();
    await createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger }).notify({
      title: "Long",
      text: "_".repeat(5000),
    });
    const text = bot.requests[0]!.url.searchParams.get("text")!;
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text.endsWith("…")).toBe(true);
    // No escape is cut in half: every underscore keeps its backslash.
    expect(text.slice("*Long*\n".length, -1)).toMatch(/^(\\_)+$/);
  });

  describe("when the bot fails, makes one attempt and throws, without the bot token (the outbox tries again)", () => {
    it("an error answer", async () => {
      bot.answer({ status: 500, body: { ok: false, description: "Internal Server Error" } });
      const { logger, lines } = recordingLogger();
      const failure = await createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger })
        .notify({ title: "T", text: "x" })
        .catch((error: Error) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe("notice not delivered: the bot API answered 500");
      expect(bot.requests).toHaveLength(1);
      expect(lines).toEqual([]);
    });

    it("a bot that fails once: the notifier does not retry by itself", async () => {
      let calls = 0;
      bot.answer(() => (++calls === 1 ? { status: 502 } : { status: 200, body: { ok: true } }));
      const { logger } = recordingLogger();
      const notifier = createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger });
      await expect(notifier.notify({ title: "T", text: "x" })).rejects.toThrow("the bot API answered 502");
      expect(calls).toBe(1);
      await expect(notifier.notify({ title: "T", text: "x" })).resolves.toBeUndefined();
      expect(calls).toBe(2);
    });

    it("a refused connection", async () => {
      const { logger } = recordingLogger();
      const failure = await createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: await closedPortUrl(), logger })
        .notify({ title: "T", text: "x" })
        .catch((error: Error) => error);
      expect((failure as Error).message).toContain("ECONNREFUSED");
      expect((failure as Error).message).not.toContain(TOKEN);
    });

    it("a bot that does not answer in time", async () => {
      bot.answer("hang");
      const { logger } = recordingLogger();
      const started = Date.now();
      await expect(
        createNotifier({ botToken: TOKEN, chatId: "1", apiUrl: bot.url, logger, timeoutMs: 200 }).notify({
          title: "T",
          text: "x",
        }),
      ).rejects.toThrow(/notice not delivered: .*(timeout|aborted)/i);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(bot.requests).toHaveLength(1);
    });
  });

  it.each([
    ["no bot token", { botToken: "", chatId: "1" }],
    ["no chat id", { botToken: TOKEN, chatId: "" }],
  ])("writes notices to the log with %s", async (_case, bot_) => {
    const { logger, lines } = recordingLogger();
    await createNotifier({ ...bot_, apiUrl: bot.url, logger }).notify({
      title: "Sign-in failed",
      text: "Google gave no e-mail address (NO_EMAIL).",
    });
    expect(bot.requests).toEqual([]);
    expect(lines).toEqual([
      {
        level: "info",
        message: "notice: Sign-in failed: Google gave no e-mail address (NO_EMAIL).",
        detail: undefined,
      },
    ]);
  });
});

describe("Markdown helpers", () => {
  it("escapes each special character of legacy Markdown", () => {
    expect(escapeMarkdown("_*`[]()~>#+-=|{}.!")).toBe("\\_\\*\\`\\[]()~>#+-=|{}.!");
  });

  it("bolds a title around its special characters", () => {
    expect(boldMarkdown("Plain")).toBe("*Plain*");
    expect(boldMarkdown("_x_")).toBe("\\_*x*\\_");
    expect(boldMarkdown("")).toBe("");
  });
});
