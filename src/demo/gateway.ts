import { createServer, STATUS_CODES, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { ACP_SUBPROTOCOL, presentedToken, TokenCheck, UNAUTHORIZED_BODY } from "./gateway-auth.js";
import { serveConnection } from "./gateway-connection.js";
import type { DemoAgentSettings } from "./run.js";

/** The route ZeroClaw's gateway serves ACP on (protocol.md §10.1). */
export const ACP_PATH = "/acp";
/** tungstenite's default message limit, which ZeroClaw keeps (§1.2): a 10 MiB blob in base64 fits. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Where the gateway listens, whom it lets in, and the settings every connection's instance gets. */
export interface DemoGatewayOptions extends DemoAgentSettings {
  /** Address to bind; the CLI defaults to 127.0.0.1, like ZeroClaw. */
  readonly host: string;
  /** 0 picks a free port (see {@link DemoGateway.port}). */
  readonly port: number;
  /** Accepted bearer tokens; none means pairing is off and every connection is accepted. */
  readonly tokens: readonly string[];
  readonly log: (line: string) => void;
}

/** A running demo gateway. */
export interface DemoGateway {
  /** `ws://HOST:PORT/acp`, with the port actually bound. */
  readonly url: string;
  readonly port: number;
  /** Drops every connection (their in-flight turns are abandoned) and stops listening. */
  close(): Promise<void>;
}

/**
 * The demo agent behind a WebSocket gateway shaped like ZeroClaw's (protocol.md §1.2, §10): `GET /acp`
 * upgrades after the bearer check (HTTP 401 with ZeroClaw's exact body otherwise), echoes the
 * `zeroclaw.acp.v1` subprotocol only when offered, reads `?agent=` as the connection's default alias, and
 * runs one server instance per connection, all sharing the state dir so `session/load` and
 * `session/resume` work across connections and restarts.
 */
export async function startDemoGateway(options: DemoGatewayOptions): Promise<DemoGateway> {
  const tokens = new TokenCheck(options.tokens);
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    // Echo our subprotocol only when offered, never a `bearer.*` one; none offered, none selected.
    handleProtocols: (offered) => (offered.has(ACP_SUBPROTOCOL) ? ACP_SUBPROTOCOL : false),
  });
  const settings: DemoAgentSettings = {
    stateDir: options.stateDir,
    sessionTimeoutSecs: options.sessionTimeoutSecs,
    maxSessions: options.maxSessions,
  };

  const server = createServer((request, response) => {
    // Plain HTTP: only the upgrade is served. The bearer check still comes first on /acp, as on ZeroClaw.
    const { pathname, query } = requestTarget(request);
    const [status, body] =
      pathname !== ACP_PATH
        ? [404, "Not Found"]
        : !tokens.accepts(presentedToken(request.headers, query))
          ? [401, UNAUTHORIZED_BODY]
          : [426, "Upgrade Required: connect with a WebSocket client"];
    response.writeHead(status, {
      "content-type": "text/plain; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => undefined);
    const { pathname, query } = requestTarget(request);
    if (pathname !== ACP_PATH) {
      refuse(socket, 404, "Not Found");
      return;
    }
    if (!tokens.accepts(presentedToken(request.headers, query))) {
      options.log(
        `WARN demo-gateway: refused a connection from ${request.socket.remoteAddress ?? "?"}: no valid bearer token`,
      );
      refuse(socket, 401, UNAUTHORIZED_BODY);
      return;
    }
    const alias = query.get("agent")?.trim();
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      serveConnection(webSocket, { ...settings, log: options.log, defaultAlias: alias ? alias : undefined });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `ws://${host}:${port}${ACP_PATH}`,
    port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function requestTarget(request: IncomingMessage): { pathname: string; query: URLSearchParams } {
  const url = new URL(request.url ?? "/", "http://gateway.invalid");
  return { pathname: url.pathname, query: url.searchParams };
}

/** Answers an upgrade request with a plain HTTP error before any WebSocket handshake, then hangs up. */
function refuse(socket: Duplex, status: number, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\n` +
      "content-type: text/plain; charset=utf-8\r\n" +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      "connection: close\r\n\r\n" +
      body,
  );
}
