/** `npm run backup`: see server/operations/backup.ts. */
import { backupCommand } from "#server/operations/backup.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(backupCommand);
