/**
 * What a person who asked for the newsletter or the weekly e-mail of follows reads while their address is not
 * confirmed (decision 057): nothing is sent until it is, the link is in their inbox, and a button sends it again. The
 * button posts to the page it is on, whose action asks for a new link (the intent "confirm-email").
 */
import { Form } from "react-router";
import { useT } from "../i18n.tsx";
import { SubmitButton } from "./form.tsx";

export const CONFIRM_EMAIL_INTENT = "confirm-email";

/** `text` says why the address needs confirming, where the page has its own reason (the default: the e-mails asked for). */
export function ConfirmEmailNote({ email, sent, text }: { email: string; sent?: boolean; text?: string }) {
  const t = useT();
  return (
    <Form
      method="post"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="confirm-email-note"
    >
      <p>{sent ? t("confirmEmail.sent", { email }) : (text ?? t("confirmEmail.needed", { email }))}</p>
      <div className="mt-2">
        <SubmitButton name="intent" value={CONFIRM_EMAIL_INTENT} pendingText={t("reset.pending")}>
          {t("confirmEmail.sendAgain")}
        </SubmitButton>
      </div>
    </Form>
  );
}
