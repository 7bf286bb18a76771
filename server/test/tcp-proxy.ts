import { connect, createServer, type Socket } from 'node:net';
import { parse } from 'pg-connection-string';

/**
 * A TCP proxy in front of a test database that the test controls: it can cut every connection at once (as
 * `pg_terminate_backend` would), stop and start again (a restart: connections cut, new ones refused until it is
 * back) or black-hole the traffic (packets dropped: nothing arrives until it is lifted, then everything held back
 * does, as TCP would retransmit it).
 */
export async function startDatabaseProxy(connectionString: string) {
  const target = parse(connectionString);
  const upstream = target.host?.startsWith('/')
    ? { path: `${target.host}/.s.PGSQL.${target.port || 5432}` }
    : { host: target.host ?? '127.0.0.1', port: Number(target.port || 5432) };
  const sockets = new Set<Socket>();
  let holding: (() => void)[] | null = null;

  const server = createServer((client) => {
    const server = connect(upstream);
    sockets.add(client);
    sockets.add(server);
    const pipe = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (holding) holding.push(() => to.write(chunk));
        else to.write(chunk);
      });
    pipe(client, server);
    pipe(server, client);
    const close = () => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    for (const socket of [client, server]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy not listening');
  const port = address.port;
  const url = new URL('postgres://127.0.0.1');
  url.port = String(port);
  url.username = target.user ?? 'postgres';
  url.pathname = `/${target.database ?? 'postgres'}`;

  return {
    connectionString: url.toString(),
    /** Ends every connection through the proxy, as the database would when it terminates its backends. */
    cutAll: () => {
      for (const socket of sockets) socket.destroy();
    },
    /** Cuts every connection and stops listening: new connections are refused, as by a database going down. */
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Listens again on the same port, as the database back up. */
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** From now on nothing passes (connections stay open) until `release`. */
    blackHole: () => {
      holding ??= [];
    },
    release: () => {
      const held = holding ?? [];
      holding = null;
      for (const send of held) send();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
