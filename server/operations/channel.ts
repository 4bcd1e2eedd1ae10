/**
 * The command channel: while a server runs on the embedded database, which serves one process only, the operator's
 * commands run inside that server. The server listens on a Unix socket in the data folder (DATA_DIR/commands.sock)
 * that only the machine account running it can open (mode 0600, made so before anyone can connect). A command that
 * finds the socket answering sends its name, its arguments and the operator's folder; the server runs it on its own
 * database and streams back what it prints, then its status, one JSON object per line.
 *
 * On PostgreSQL every process opens the database itself, and there is no channel.
 */
import { existsSync, rmSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { createServer, request, type IncomingMessage } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "#common/zod.ts";
import type { Logger } from "../logger.ts";
import { type Command, type CommandHost, type CommandIO, runCommand } from "./command.ts";

const SOCKET_NAME = "commands.sock";
/** Linux's limit on a socket's path (sun_path holds 108 bytes, the last a zero). */
const MAX_SOCKET_PATH_BYTES = 107;
const MAX_REQUEST_BYTES = 64 * 1024;

const commandRequest = z.object({
  command: z.string().max(40),
  args: z.array(z.string().max(4096)).max(100),
  cwd: z
    .string()
    .min(1)
    .max(4096)
    .refine((cwd) => path.isAbsolute(cwd)),
});
type CommandRequest = z.infer<typeof commandRequest>;

/** One line of the answer: printed text, or the command's status, which ends it. */
type Frame = { out: string } | { err: string } | { exit: number };

export function commandSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

/** Listens for commands on the data folder's socket; `commands` are those a running server may run. */
export async function serveCommands({
  dataDir,
  host,
  commands,
  logger,
}: {
  dataDir: string;
  host: CommandHost;
  commands: Command[];
  logger: Logger;
}) {
  const socketPath = commandSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn(
      `the command channel is off: its socket's path ${socketPath} is longer than ${MAX_SOCKET_PATH_BYTES} bytes; stop the server to run npm run admin and the other commands, or choose a shorter DATA_DIR`,
    );
    return { close: async () => undefined };
  }
  const byName = new Map(commands.map((command) => [command.name, command]));
  const server = createServer((req, res) => {
    void (async () => {
      const parsed =
        req.method === "POST" && req.url === "/commands" ? commandRequest.safeParse(await readJson(req)) : undefined;
      if (!parsed?.success) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      const send = (frame: Frame) => {
        if (!res.destroyed) res.write(`${JSON.stringify(frame)}\n`);
      };
      const { command: name, args, cwd } = parsed.data;
      const command = byName.get(name);
      const io: CommandIO = { cwd, out: (text) => send({ out: text }), err: (text) => send({ err: text }) };
      let exit: number;
      if (!command) {
        io.err(`The running server does not run npm run ${name}: stop it first\n`);
        exit = 1;
      } else {
        exit = await runCommand(command, args, io, host).catch((error: unknown) => {
          logger.error(`command channel: npm run ${name} failed`, error);
          io.err(
            `npm run ${name} failed inside the server: ${error instanceof Error ? error.message : String(error)} (the server's log has the details)\n`,
          );
          return 1;
        });
      }
      logger.info(`command channel: ran npm run ${name} (status ${exit})`);
      send({ exit });
      res.end();
    })();
  });
  // We hold the data folder's lock: a socket left there is a stopped server's.
  rmSync(socketPath, { force: true });
  // Made with no access for the group or others from the start, then set again: no one else connects in between.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  await chmod(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socketPath, { force: true });
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_REQUEST_BYTES) return null;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * Sends the command to the server listening in `dataDir`, and prints what it prints. Resolves with the command's
 * status, or undefined when no server answers there (no socket, or a stopped server's): then the command runs itself.
 */
export async function sendCommand(
  dataDir: string,
  commandRequestBody: CommandRequest,
  io: Pick<CommandIO, "out" | "err">,
): Promise<number | undefined> {
  const socketPath = commandSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  let response: IncomingMessage;
  try {
    response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        { socketPath, path: "/commands", method: "POST", headers: { "content-type": "application/json" } },
        resolve,
      );
      req.once("error", reject);
      req.end(JSON.stringify(commandRequestBody));
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ENOENT") return undefined;
    throw error;
  }
  if (response.statusCode !== 200) throw new Error(`the server's command channel answered ${response.statusCode}`);
  for await (const line of createInterface({ input: response, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const frame = JSON.parse(line) as Frame;
    if ("out" in frame) io.out(frame.out);
    else if ("err" in frame) io.err(frame.err);
    else return frame.exit;
  }
  throw new Error("the server stopped before the command ended");
}
