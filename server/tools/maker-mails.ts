/**
 * The mails that tell a maker where their tool or claim stands (decision 022), as outbox effects written in the
 * change's transaction: none when the person has no address any more.
 */
import { editToolPath, toolPath } from "#common/page-paths.ts";
import type { Transaction } from "../db/client.ts";
import type { Effect } from "../outbox/effects.ts";
import { emailOf } from "./lifecycle-shared.ts";

type MailedTool = { id: string; name: string; slug: string };

async function mailTo(tx: Transaction, userId: string | null, key: string, subject: string, text: string): Promise<Effect[]> {
  const to = await emailOf(tx, userId);
  return to ? [{ channel: "mail", key, payload: { to, subject, text } }] : [];
}

export function makerMails(siteUrl: string) {
  return {
    /** To the claimer: their claim was received and waits for a verifier. */
    claimReceived: (tx: Transaction, claimerId: string, tool: MailedTool, key: string) =>
      mailTo(tx, claimerId, key, `We received your claim of ${tool.name}`, `You claimed ${tool.name} (${siteUrl}${toolPath(tool.slug)}). A verifier will answer soon, and we will e-mail you.`),

    /** To the claimer: a verifier refused the claim. */
    claimRefused: (tx: Transaction, claimerId: string | null, tool: MailedTool, key: string) =>
      mailTo(
        tx,
        claimerId,
        key,
        `Your claim of ${tool.name} was not accepted`,
        `A verifier did not accept your claim of ${tool.name} (${siteUrl}${toolPath(tool.slug)}). If the tool is yours, write from an address at its website and claim it again.`,
      ),

    /** To the submitter: a verifier asks for changes before listing the tool. */
    changesRequested: (tx: Transaction, submitterId: string | null, tool: MailedTool, message: string, key: string) =>
      mailTo(
        tx,
        submitterId,
        key,
        `${tool.name}: a verifier asks for changes`,
        `A verifier looked at ${tool.name} and asks for changes before listing it:\n\n${message}\n\nEdit it on ${siteUrl}${editToolPath(tool.id)}: once you save, it is back in the queue, at its place.`,
      ),
  };
}
