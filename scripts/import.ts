/** `npm run import`: see server/operations/import.ts. */
import { importCommand } from "#server/operations/import.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(importCommand);
