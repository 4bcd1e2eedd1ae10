/** A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every mail it receives, for tests of outgoing mail. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string };

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= or =?UTF-8?B?...?=), as a subject in French arrives, made text again. */
function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/**
 * Undoes quoted-printable soft line breaks and escapes, which nodemailer uses for long body lines. The message's own
 * headers are never quoted-printable: an "=DA" in a header's link is text, and stays as it came.
 */
function decodeQuotedPrintable(raw: string): string {
  const bodyStart = raw.search(/\r?\n\r?\n/);
  if (bodyStart < 0) return raw;
  // A run of escapes is the UTF-8 bytes of one or more characters ("=C3=A9" is "é").
  const body = raw
    .slice(bodyStart)
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"));
  return raw.slice(0, bodyStart) + body;
}

/** Appends the decoded text of every base64 part, which nodemailer uses for text with long or non-ASCII lines. */
function withDecodedBase64(raw: string): string {
  const parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ];
  return [raw, ...parts.map((part) => Buffer.from(part[1]!.replace(/\s+/g, ""), "base64").toString("utf8"))].join("\n");
}

export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const decoded = withDecodedBase64(decodeQuotedPrintable(raw));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: decoded,
          // A long subject is folded over several lines: unfolding removes the line breaks before the continuation lines.
          subject: decodeEncodedWords(
            /^Subject: (.*(?:\r?\n[ \t].*)*)$/m
              .exec(raw)?.[1]
              ?.replace(/\r?\n(?=[ \t])/g, "")
              .trim() ?? "",
          ),
          text: decoded,
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  // A sender that dies mid-session (an app process killed in a test) resets its connection: that is its failure, and
  // the server goes on receiving; without a listener, the error event would end the test run.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET") throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * The first mail to `to` received from now on or already there, within `timeoutMs`; with this subject and holding this
     * text, if given (a mail sent after an earlier test's change may still arrive).
     */
    async waitForMail(
      to: string,
      { subject, containing, timeoutMs = 5000 }: { subject?: string; containing?: string; timeoutMs?: number } = {},
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find(
          (candidate) =>
            candidate.to.includes(to) &&
            (subject === undefined || candidate.subject === subject) &&
            (containing === undefined || candidate.raw.includes(containing)),
        );
        if (mail) {
          mails.splice(mails.indexOf(mail), 1);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to this site in a mail. */
export function linkIn(mail: ReceivedMail, site = "http://localhost:3000"): string {
  const match = new RegExp(`${site.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]+`).exec(mail.raw);
  if (!match) throw new Error(`No link to ${site} in:\n${mail.raw}`);
  return match[0].replace(/&amp;/g, "&");
}
