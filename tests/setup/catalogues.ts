/** Every test process holds the languages' catalogues, as the server and the commands do (server/i18n.ts). */
import "#server/i18n.ts";
