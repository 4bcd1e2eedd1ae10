/**
 * The newsletter's digest on the command line: `npm run newsletter -- --days 7 [--format markdown|html]` prints the
 * live tools verified in the last days, in Markdown, then a separator line, then in HTML, as /admin/newsletter shows it.
 */
import path from "node:path";
import { DIGEST_DAYS, MAX_DIGEST_DAYS } from "#common/constants.ts";
import { digestQuery } from "#common/schemas/moderation.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { readers } from "../mail/readers.ts";
import { newsletterService } from "../newsletter/service.ts";
import { siteSettingsStore } from "../settings/settings.ts";
import { fileStorageFromConfig } from "../storage/from-config.ts";
import { type Command, CommandFailure, parseCommandArgs } from "./command.ts";

const FORMATS = ["markdown", "html"] as const;
const USAGE = [
  `Usage: npm run newsletter -- [--days <1-${MAX_DIGEST_DAYS}>] [--format ${FORMATS.join("|")}]`,
  `Prints the digest of the live tools verified in the last days (${DIGEST_DAYS} by default): Markdown, a separator line, then HTML.`,
].join("\n");
/** Between the Markdown and the HTML when both are printed. */
const SEPARATOR = `\n${"=".repeat(32)} HTML ${"=".repeat(32)}\n\n`;

export const newsletterCommand: Command = {
  name: "newsletter",
  runsInServer: true,
  async run(args, io, host) {
    const { values } = parseCommandArgs(
      args,
      { options: { days: { type: "string" }, format: { type: "string" } }, allowPositionals: false },
      USAGE,
    );
    const query = digestQuery.safeParse({ days: values.days });
    if (!query.success) throw new CommandFailure(`${query.error.issues[0]?.message}\n${USAGE}`);
    const format = values.format;
    if (format !== undefined && !(FORMATS as readonly string[]).includes(format))
      throw new CommandFailure(`--format must be ${FORMATS.join(" or ")}\n${USAGE}`);

    const { config } = host;
    const logger = createLogger(config.LOG_LEVEL);
    const { db } = await host.database();
    // The site's name as an admin set it in the console, or the environment's.
    const settings = siteSettingsStore({
      db,
      config,
      storage: fileStorageFromConfig(config, path.join(host.dataDir, "files")),
      logger,
      maxImageBytes: 0,
    });
    await settings.start();
    const newsletter = newsletterService({
      db,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
      logger,
      readers: readers({ siteUrl: config.SITE_URL, locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE }),
      siteName: () => settings.current().siteName,
    });
    const digest = await newsletter.buildDigest({ days: query.data.days, now: new Date() });
    io.out(
      format === "markdown"
        ? digest.markdown
        : format === "html"
          ? digest.html
          : `${digest.markdown}${SEPARATOR}${digest.html}`,
    );
  },
};
