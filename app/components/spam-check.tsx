/**
 * The anti-spam part of the sign-up and add-tool forms (decision 023): a field people never see (a robot fills it),
 * and the proof of work the browser computes while the person types. A form sent before the proof is ready waits for
 * it. Without JavaScript there is no proof: the form says so at its top (ScriptNeeded), its status line is hidden
 * (app.css, .script-only), and a form sent all the same is refused with the same words, losing nothing typed.
 */
import { useT } from "../i18n.tsx";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { MESSAGES } from "#common/messages.ts";
import {
  CHALLENGE_LIFETIME_SECONDS,
  CHALLENGE_PATH,
  HONEYPOT_FIELD,
  PROOF_FIELD,
  SCRIPT_FIELD,
} from "#common/spam-fields.ts";
import { type Challenge, solveChallenge } from "../proof-of-work.ts";

/** A fresh challenge is fetched this long before the current one expires. */
const RENEW_BEFORE_MS = 60_000;
/** The refusals after which the browser needs a new proof. */
const needsNewProof = (refusal: string) =>
  [
    MESSAGES.spam.proofReplayed,
    MESSAGES.spam.proofExpired,
    MESSAGES.spam.proofInvalid,
    MESSAGES.spam.proofMissing,
  ].includes(refusal);

type State = "working" | "ready" | "failed";

/** A store that never changes: what useSyncExternalStore needs to tell the server's render from the browser's. */
const noChanges = () => () => {};

/** `refusal` is the message of the form's last refused submit, if any: some of them ask for a new proof. */
export function SpamCheck({ refusal }: { refusal?: string }) {
  const [proof, setProof] = useState("");
  const [state, setState] = useState<State>("working");
  const [round, setRound] = useState(0);
  const t = useT();
  // False in the server's HTML and while it hydrates, true once the page runs: the field says the browser runs scripts.
  const hasScript = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const holder = useRef<HTMLDivElement>(null);
  const proofRef = useRef("");
  /** The challenge could not be had: a submit goes as it is, and the server says what is missing. */
  const failedRef = useRef(false);
  const waitingSubmit = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);

  const startOver = () => {
    setProof("");
    setState("working");
    setRound((value) => value + 1);
  };

  // After a refusal that spent or refused the proof, make a new one (adjusted while rendering, as React advises).
  const [seenRefusal, setSeenRefusal] = useState(refusal);
  if (refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    if (refusal && needsNewProof(refusal)) startOver();
  }

  // The submit listener reads the proof of the latest render.
  useEffect(() => {
    proofRef.current = proof;
  }, [proof]);

  useEffect(() => {
    const controller = new AbortController();
    let renew: ReturnType<typeof setTimeout> | undefined;
    failedRef.current = false;
    (async () => {
      try {
        // Counted from when it was asked for, on the browser's own clock: the server's may be set elsewhere.
        const expiresAt = Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000;
        const response = await fetch(CHALLENGE_PATH, { signal: controller.signal, cache: "no-store" });
        if (!response.ok) throw new Error(`challenge: ${response.status}`);
        const challenge = (await response.json()) as Challenge;
        const solved = await solveChallenge(challenge, controller.signal);
        if (!solved) return;
        proofRef.current = solved;
        // Written to the page now, not at React's next turn: a waiting submit below reads the hidden field at once.
        flushSync(() => {
          setProof(solved);
          setState("ready");
        });
        renew = setTimeout(startOver, Math.max(0, expiresAt - Date.now() - RENEW_BEFORE_MS));
        const waiting = waitingSubmit.current;
        waitingSubmit.current = null;
        waiting?.form.requestSubmit(waiting.submitter instanceof HTMLButtonElement ? waiting.submitter : undefined);
      } catch {
        if (controller.signal.aborted) return;
        failedRef.current = true;
        setState("failed");
        const waiting = waitingSubmit.current;
        waitingSubmit.current = null;
        waiting?.form.requestSubmit(waiting.submitter instanceof HTMLButtonElement ? waiting.submitter : undefined);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(renew);
    };
  }, [round]);

  // A submit before the proof is ready waits for it (React Router's Form leaves a prevented submit alone).
  useEffect(() => {
    const form = holder.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      if (proofRef.current || failedRef.current) return;
      event.preventDefault();
      waitingSubmit.current = { form, submitter: event.submitter };
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  return (
    <div ref={holder}>
      <input type="hidden" name={PROOF_FIELD} value={proof} />
      {hasScript && <input type="hidden" name={SCRIPT_FIELD} value="1" />}
      {/* Off screen and out of the tab order: people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("spam.leaveEmpty")}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <p data-testid="spam-check" data-state={state} aria-live="polite" className="script-only text-xs text-slate-500">
        {state === "working" ? t("spam.working") : state === "ready" ? t("spam.ready") : t("spam.failed")}
      </p>
    </div>
  );
}

/** Said at the top of a form with a spam check, to a browser that runs no script: `what` is what the form does ("Signing up"). */
export function ScriptNeeded({ what }: { what: string }) {
  const t = useT();
  return (
    <noscript>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("spam.scriptNeeded", { what })}</p>
    </noscript>
  );
}
