/** Every language's catalogue, for the server: pages, e-mails and answers are written in the request's or the person's language. */
import en from "#common/i18n/compiled/en.js";
import es from "#common/i18n/compiled/es.js";
import fr from "#common/i18n/compiled/fr.js";
import { holdMessages } from "#common/i18n/words.ts";

holdMessages("en", en);
holdMessages("fr", fr);
holdMessages("es", es);

export { wordsFor } from "#common/i18n/words.ts";
