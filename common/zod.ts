/**
 * zod, set once before any schema is made: every schema module imports `z` from here, so this runs first. `jitless`
 * stops zod from compiling its object parser with `new Function`: its probe for that power was a `script-src 'unsafe-eval'`
 * violation of the pages' Content-Security-Policy on every page that loads a schema, and noise in every CSP report.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** A schema's message, said when an input fails it: in the language of whoever is answered then (common/i18n/say.ts). */
export type Said = { error: () => string };
