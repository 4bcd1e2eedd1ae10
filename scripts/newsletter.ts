/**
 * The newsletter's digest on the command line: `npm run newsletter -- --days 7 [--format markdown|html]` prints the
 * live tools verified in the last days, in Markdown, then a separator line, then in HTML. It opens the database from
 * the server's own config, as `npm run admin` does; the embedded database allows one process at a time, so while the
 * server runs on it, /admin/newsletter shows the same digest.
 */
import { parseArgs } from "node:util";
import { DIGEST_DAYS, MAX_DIGEST_DAYS } from "#common/constants.ts";
import { digestQuery } from "#common/schemas/moderation.ts";
import { createLogger } from "#server/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { newsletterService } from "#server/newsletter/service.ts";
import { fail, openToolDatabase } from "./open-database.ts";

const FORMATS = ["markdown", "html"] as const;
const USAGE = [
  `Usage: npm run newsletter -- [--days <1-${MAX_DIGEST_DAYS}>] [--format ${FORMATS.join("|")}]`,
  `Prints the digest of the live tools verified in the last days (${DIGEST_DAYS} by default): Markdown, a separator line, then HTML.`,
  "On the embedded database, stop the server first, or open /admin/newsletter while it runs.",
].join("\n");
/** Between the Markdown and the HTML when both are printed. */
const SEPARATOR = `\n${"=".repeat(32)} HTML ${"=".repeat(32)}\n\n`;

let options: { days?: string; format?: string };
try {
  options = parseArgs({ args: process.argv.slice(2), options: { days: { type: "string" }, format: { type: "string" } }, strict: true, allowPositionals: false }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

const query = digestQuery.safeParse({ days: options.days });
if (!query.success) fail(`${query.error.issues[0]?.message}\n${USAGE}`);
const format = options.format;
if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) fail(`--format must be ${FORMATS.join(" or ")}\n${USAGE}`);

const { config, database } = await openToolDatabase();

try {
  const logger = createLogger(config.LOG_LEVEL);
  const newsletter = newsletterService({
    db: database.db,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    logger,
    siteUrl: config.SITE_URL,
    siteName: config.SITE_NAME,
  });
  const digest = await newsletter.buildDigest({ days: query.data.days, now: new Date() });
  process.stdout.write(format === "markdown" ? digest.markdown : format === "html" ? digest.html : `${digest.markdown}${SEPARATOR}${digest.html}`);
} finally {
  await database.close();
}
