/**
 * The mails that tell a maker where their tool or claim stands (decision 022), as outbox effects written in the
 * change's transaction, in the maker's language: none when the person has no address any more.
 */
import { COMING_SOON_PATH, editToolPath, MY_TOOLS_PATH, toolPath } from "#common/page-paths.ts";
import type { Transaction } from "../../db/client.ts";
import type { Readers } from "../../mail/readers.ts";

type MailedTool = { id: string; name: string; slug: string };

export function makerMails(readers: Readers) {
  return {
    /** To the submitter: their tool was received and waits in the queue. */
    submitted: (tx: Transaction, submitterId: string, tool: MailedTool, key: string) =>
      readers.mailTo(tx, submitterId, key, ({ t, url }) => ({
        subject: t("mail.toolSubmittedSubject", { tool: tool.name }),
        text: t("mail.toolSubmittedBody", { tool: tool.name, url: url(MY_TOOLS_PATH) }),
      })),

    /** To the submitter: a verifier listed the tool, linked to them or not. */
    live: (tx: Transaction, submitterId: string | null, tool: MailedTool, isLinked: boolean, key: string) =>
      readers.mailTo(tx, submitterId, key, ({ t, url }) => ({
        subject: t("mail.toolLiveSubject", { tool: tool.name }),
        text: [
          t("mail.toolLiveBody", { tool: tool.name, url: url(toolPath(tool.slug)) }),
          ...(isLinked ? [t("mail.toolLiveLinked", { url: url(MY_TOOLS_PATH) })] : []),
        ].join("\n\n"),
      })),

    /** To the submitter: a verifier verified the tool, which waits for the launch day its maker chose (decision 063). */
    scheduled: (tx: Transaction, submitterId: string | null, tool: MailedTool, launchAt: Date, key: string) =>
      readers.mailTo(tx, submitterId, key, ({ t, url, longDate }) => ({
        subject: t("mail.toolScheduledSubject", {
          tool: tool.name,
          date: longDate(launchAt.toISOString().slice(0, 10)),
        }),
        text: t("mail.toolScheduledBody", {
          tool: tool.name,
          date: longDate(launchAt.toISOString().slice(0, 10)),
          url: url(COMING_SOON_PATH),
        }),
      })),

    /** To the submitter: a verifier refused the tool, and why. */
    rejected: (tx: Transaction, submitterId: string | null, tool: MailedTool, reason: string, key: string) =>
      readers.mailTo(tx, submitterId, key, ({ t, url }) => ({
        subject: t("mail.toolRejectedSubject", { tool: tool.name }),
        text: t("mail.toolRejectedBody", { tool: tool.name, reason, url: url(MY_TOOLS_PATH) }),
      })),

    /** To the submitter: a verifier asks for changes before listing the tool. */
    changesRequested: (tx: Transaction, submitterId: string | null, tool: MailedTool, message: string, key: string) =>
      readers.mailTo(tx, submitterId, key, ({ t, url }) => ({
        subject: t("mail.changesSubject", { tool: tool.name }),
        text: t("mail.changesBody", { tool: tool.name, message, url: url(editToolPath(tool.id)) }),
      })),

    /** To the claimer: their claim was received and waits for a verifier. */
    claimReceived: (tx: Transaction, claimerId: string, tool: MailedTool, key: string) =>
      readers.mailTo(tx, claimerId, key, ({ t, url }) => ({
        subject: t("mail.claimReceivedSubject", { tool: tool.name }),
        text: t("mail.claimReceivedBody", { tool: tool.name, url: url(toolPath(tool.slug)) }),
      })),

    /** To the claimer: a verifier accepted the claim. */
    claimAccepted: (tx: Transaction, claimerId: string | null, tool: MailedTool, key: string) =>
      readers.mailTo(tx, claimerId, key, ({ t, url }) => ({
        subject: t("mail.claimAcceptedSubject", { tool: tool.name }),
        text: t("mail.claimAcceptedBody", { tool: tool.name, url: url(toolPath(tool.slug)) }),
      })),

    /** To the claimer: a verifier refused the claim. */
    claimRefused: (tx: Transaction, claimerId: string | null, tool: MailedTool, key: string) =>
      readers.mailTo(tx, claimerId, key, ({ t, url }) => ({
        subject: t("mail.claimRefusedSubject", { tool: tool.name }),
        text: t("mail.claimRefusedBody", { tool: tool.name, url: url(toolPath(tool.slug)) }),
      })),

    /** To the submitter of a tool already listed: what became of their submission. */
    merged: (
      tx: Transaction,
      submitterId: string,
      queued: { name: string },
      listed: MailedTool,
      outcome: "claim-requested" | "already-theirs" | "claimed-by-another",
      key: string,
    ) =>
      readers.mailTo(tx, submitterId, key, ({ t, url }) => {
        const said = { tool: queued.name, listed: listed.name, url: url(toolPath(listed.slug)) };
        return {
          subject: t("mail.mergedSubject", { tool: queued.name }),
          text:
            outcome === "claim-requested"
              ? t("mail.mergedClaimRequested", said)
              : outcome === "already-theirs"
                ? t("mail.mergedAlreadyTheirs", { ...said, myTools: url(MY_TOOLS_PATH) })
                : t("mail.mergedClaimedByAnother", said),
        };
      }),
  };
}
