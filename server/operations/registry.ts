/** Every operator's command, by the name `npm run` gives it; a running server runs those that may run beside it. */
import { adminCommand } from "./admin.ts";
import { backupCommand, restoreCommand } from "./backup.ts";
import { exportCommand } from "./export.ts";
import { importCommand } from "./import.ts";
import { migrateCommand } from "./migrate.ts";
import { newsletterCommand } from "./newsletter.ts";

export const COMMANDS = [
  adminCommand,
  backupCommand,
  restoreCommand,
  exportCommand,
  importCommand,
  migrateCommand,
  newsletterCommand,
];
export const SERVER_COMMANDS = COMMANDS.filter((command) => command.runsInServer);
