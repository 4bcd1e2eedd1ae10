/** `npm run admin -- set-role <email> <role>`: see server/operations/admin.ts. */
import { adminCommand } from "#server/operations/admin.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(adminCommand);
