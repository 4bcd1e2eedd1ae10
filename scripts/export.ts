/** `npm run export`: see server/operations/export.ts. */
import { exportCommand } from "#server/operations/export.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(exportCommand);
