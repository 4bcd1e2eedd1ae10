/** `npm run newsletter`: see server/operations/newsletter.ts. */
import { newsletterCommand } from "#server/operations/newsletter.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(newsletterCommand);
