/**
 * What every command-line tool does with its command (server/operations): the server's own configuration (the
 * environment, or the .env file it reads); then, when a server runs on the embedded database it names, the command
 * runs inside that server through the command channel; otherwise here, on a database it opens and migrates as the
 * server would (one connection). It ends the process with the command's status.
 */
import { speakByDefault } from "#server/i18n.ts";
import { ConfigError, loadProcessConfig } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { sendCommand } from "#server/operations/channel.ts";
import {
  type Command,
  type CommandIO,
  configuredDataDir,
  operatorPath,
  runCommand,
} from "#server/operations/command.ts";

export async function runFromCommandLine(command: Command): Promise<never> {
  let config;
  try {
    config = loadProcessConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  speakByDefault(config.DEFAULT_LOCALE);
  const args = process.argv.slice(2);
  // npm runs a script in the project folder, and names the folder the operator typed it in INIT_CWD.
  const io: CommandIO = {
    cwd: process.env.INIT_CWD ?? process.cwd(),
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
  };
  const dataDir = configuredDataDir(config);

  // The folder the command works on: the one it is given (a backup's --data-dir), else the embedded database's.
  const given = dataDirArgument(args);
  const target = given ? operatorPath(io, given) : config.DATABASE_URL ? undefined : dataDir;
  if (command.runsInServer && target) {
    const status = await sendCommand(target, { command: command.name, args, cwd: io.cwd }, io);
    if (status !== undefined) process.exit(status);
  }

  let database: DatabaseHandle | undefined;
  const status = await runCommand(command, args, io, {
    config,
    dataDir,
    async database() {
      if (!database) {
        database = await openDatabase({ url: config.DATABASE_URL, dataDir, maxConnections: 1 });
        // A database the server has never started on gets its tables first, as the server would make them.
        await database.migrate();
      }
      return database;
    },
    dumpOf: () => undefined,
  }).finally(() => database?.close());
  process.exit(status);
}

/** The value of --data-dir, given as `--data-dir x` or `--data-dir=x`. */
function dataDirArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === "--data-dir" || arg.startsWith("--data-dir="));
  if (index === -1) return undefined;
  const arg = args[index]!;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[index + 1];
}
