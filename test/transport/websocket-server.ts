import type { IncomingMessage } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { WebSocketServer, type ServerOptions, type WebSocket } from "ws";

/** One connection the test server accepted: the socket, the upgrade request and every frame received. */
export interface Accepted {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
  /** Frames as received: text exactly as sent, and whether the frame was binary. */
  readonly frames: Array<{ text: string; binary: boolean }>;
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** A real `ws` server on 127.0.0.1 and an ephemeral port (never any other address). */
export interface TestServer {
  readonly server: WebSocketServer;
  readonly port: number;
  readonly url: string;
  readonly accepted: Accepted[];
  /** Resolves with the next connection the server accepts. */
  nextConnection(): Promise<Accepted>;
  close(): Promise<void>;
}

export async function startServer(options: Omit<ServerOptions, "port" | "host"> = {}): Promise<TestServer> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, ...options });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const accepted: Accepted[] = [];
  const waiters: Array<(connection: Accepted) => void> = [];
  server.on("connection", (socket, request) => {
    const frames: Accepted["frames"] = [];
    socket.on("message", (data, binary) => frames.push({ text: Buffer.from(data as Buffer).toString("utf8"), binary }));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const connection = { socket, request, frames, closed };
    accepted.push(connection);
    for (const wake of waiters.splice(0)) wake(connection);
  });
  return {
    server,
    port,
    url: `ws://127.0.0.1:${port}/acp`,
    accepted,
    nextConnection: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
