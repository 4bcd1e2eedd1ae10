/** `npm run restore`: see server/operations/backup.ts. */
import { restoreCommand } from "#server/operations/backup.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(restoreCommand);
