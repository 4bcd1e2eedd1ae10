/** The tests' SMTP receiver reads a mail as a mail client does, so the tests of outgoing mail see what a person would. */
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../setup/smtp";

describe("the tests' SMTP receiver", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it("keeps a header's '=' followed by two hex digits as it came, and decodes the quoted-printable body", async () => {
    const transport = nodemailer.createTransport({ url: smtp.url });
    await transport.sendMail({
      from: "site@example.com",
      to: "ada@example.com",
      subject: "Hello",
      text: `${"A long line that nodemailer sends as quoted-printable, ".repeat(3)}2+2=4, café`,
      headers: { "List-Unsubscribe": "<http://127.0.0.1/unsubscribe?token=DAbAqLK>" },
    });
    const mail = await smtp.waitForMail("ada@example.com");
    expect(mail.raw).toContain("List-Unsubscribe: <http://127.0.0.1/unsubscribe?token=DAbAqLK>");
    expect(mail.text).toContain("2+2=4, café");
  });
});
