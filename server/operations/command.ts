/**
 * The operator's commands (`npm run admin`, `import`, `export`, `newsletter`, `backup`, `restore`, `db:migrate`). Each
 * is written once, against a `CommandHost`: run in its own process it opens the database itself; while a server holds
 * the embedded database, it runs inside that server, which received it through the command channel (./channel.ts),
 * with the server's own database. Either way it reads its arguments, and the files they name from the operator's
 * folder, the same way, and its output reaches the operator's terminal.
 */
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { isAppError } from "#common/errors.ts";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { DatabaseInUseError } from "../db/data-dir-lock.ts";
import { PROJECT_ROOT } from "../paths.ts";

export type CommandIO = {
  /** The operator's working folder: the paths they give are read from it. */
  cwd: string;
  out(text: string): void;
  err(text: string): void;
};

export type CommandHost = {
  config: Config;
  /** The embedded database's folder of the config (DATA_DIR, absolute). */
  dataDir: string;
  /** The database, migrated: the command's own connection, or the running server's. */
  database(): Promise<DatabaseHandle>;
  /** The server's copy of its embedded database in `dataDir`, when the command runs inside the server that holds it. */
  dumpOf(dataDir: string): (() => Promise<Blob>) | undefined;
};

export type Command = {
  name: string;
  /** Whether a running server may run it: a restore writes into an empty folder, never into a server's. */
  runsInServer: boolean;
  run(args: string[], io: CommandIO, host: CommandHost): Promise<void>;
};

/** Ends a command with its message on standard error and status 1. */
export class CommandFailure extends Error {
  override name = "CommandFailure";
}

/** Runs `command`; what a person must read (a refusal, a failure they can mend) is its message, and the status 1. */
export async function runCommand(command: Command, args: string[], io: CommandIO, host: CommandHost): Promise<number> {
  try {
    await command.run(args, io, host);
    return 0;
  } catch (error) {
    if (error instanceof CommandFailure || error instanceof DatabaseInUseError || isAppError(error)) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** node:util's parseArgs, whose complaint ends the command with the usage. */
export function parseCommandArgs<T extends ParseArgsConfig>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ ...options, args, strict: true });
  } catch (error) {
    throw new CommandFailure(`${(error as Error).message}\n${usage}`);
  }
}

/** A path the operator gave, from their own folder. */
export function operatorPath(io: CommandIO, given: string): string {
  return path.resolve(io.cwd, given);
}

/** The embedded database's folder a config names. */
export function configuredDataDir(config: Config): string {
  return path.resolve(PROJECT_ROOT, config.DATA_DIR);
}
