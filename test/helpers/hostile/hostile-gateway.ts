import { WebSocketServer } from "ws";
// @ts-expect-error: plain JS, shared with the stdio agent (hostile-agent.mjs)
import { hostilePeer } from "./hostile-peer.mjs";

type StartPeer = (write: (line: string) => void, files: { script: string; log: string }) => (message: unknown) => void;

/**
 * A hostile gateway: a real `ws` server on 127.0.0.1 running the hostile script on each connection.
 * `authorizations` holds each connection's Authorization header (`""` when there was none), in order.
 */
export async function startHostileGateway(files: {
  script: string;
  log: string;
}): Promise<{ url: string; port: number; authorizations: string[]; close: () => Promise<void> }> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/acp" });
  const authorizations: string[] = [];
  server.on("connection", (socket, request) => {
    authorizations.push(request.headers.authorization ?? "");
    const receive = (hostilePeer as StartPeer)((line) => socket.send(line), files);
    socket.on("message", (data) => receive(JSON.parse(String(data))));
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/acp`,
    port,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
