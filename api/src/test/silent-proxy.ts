import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface SilentProxy {
  /** The port on 127.0.0.1 that forwards to the target. */
  port: number;
  /**
   * The link goes silent, as in a network partition: connections stay open and new ones are
   * accepted, but nothing passes either way. What is sent meanwhile is held, as TCP would
   * retransmit it, and delivered on `resume`.
   */
  silence(): void;
  resume(): void;
  close(): Promise<void>;
}

/** A TCP proxy on a random loopback port in front of `target`, for fault injection in tests. */
export async function startSilentProxy(target: { host: string; port: number }): Promise<SilentProxy> {
  let silent = false;
  const sockets = new Set<Socket>();
  const flushers = new Set<() => void>();

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const held: Array<{ to: Socket; chunk: Buffer }> = [];
    const forward = (to: Socket) => (chunk: Buffer) => (silent ? held.push({ to, chunk }) : to.write(chunk));
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const flush = () => {
      for (const { to, chunk } of held.splice(0)) to.write(chunk);
    };
    flushers.add(flush);
    const end = () => {
      flushers.delete(flush);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end);
      socket.on('close', () => {
        sockets.delete(socket);
        end();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    silence: () => {
      silent = true;
    },
    resume: () => {
      silent = false;
      for (const flush of flushers) flush();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const HUNG = Symbol('hung');

/** `request`'s answer, or HUNG if it has none within `ms`. */
export async function answerWithin<T>(request: Promise<T>, ms: number): Promise<T | typeof HUNG> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<typeof HUNG>((resolve) => (timer = setTimeout(() => resolve(HUNG), ms)));
  try {
    return await Promise.race([request, hung]);
  } finally {
    clearTimeout(timer);
  }
}
