/**
 * Small HTTP servers on 127.0.0.1 that stand in for services outside the machine (the Telegram Bot API, a token sync
 * endpoint): each records the requests it gets and answers as the test tells it to.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { waitUntil } from "./wait.ts";

export type RecordedRequest = { method: string; url: URL; headers: IncomingMessage["headers"]; body: string };

/** How the server answers: a status and a JSON body, or `hang` to never answer. */
export type Answer = { status: number; body?: unknown } | "hang";

export type LocalServer = {
  url: string;
  requests: RecordedRequest[];
  /** Changes how the next requests are answered. */
  answer(answer: Answer | ((request: RecordedRequest) => Answer)): void;
  /** Waits until `count` requests have arrived (they may come after the response that caused them). */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
};

export async function startLocalServer(initial: Answer = { status: 200, body: { ok: true } }): Promise<LocalServer> {
  let answer: Answer | ((request: RecordedRequest) => Answer) = initial;
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", url),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      const chosen = typeof answer === "function" ? answer(request) : answer;
      if (chosen === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(chosen.status, { "content-type": "application/json" });
      res.end(JSON.stringify(chosen.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    answer: (next) => void (answer = next),
    async waitForRequests(count, timeoutMs = 5000) {
      if (!(await waitUntil(() => requests.length >= count, { timeoutMs })))
        throw new Error(`Expected ${count} requests, got ${requests.length}`);
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
