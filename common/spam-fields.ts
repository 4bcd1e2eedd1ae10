/** The anti-spam fields the sign-up and add-tool forms carry (server/spam/): the browser writes them, the server reads them. */

/** The proof of work's answer (base64 JSON of the challenge and the number found); also submitTool's body field. */
export const PROOF_FIELD = "altcha";
/** A field people never see nor fill; a robot that fills every field fills it too. */
export const HONEYPOT_FIELD = "homepage";
/** Set to 1 by the page's script: a form sent without it came from a browser that runs none, and is told it needs one. */
export const SCRIPT_FIELD = "script";
/** Where the browser asks for a challenge. */
export const CHALLENGE_PATH = "/api/challenge";
/** How long a challenge may be answered after it was served, in seconds. */
export const CHALLENGE_LIFETIME_SECONDS = 30 * 60;
