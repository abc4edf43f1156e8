import { PassThrough, type Readable } from 'node:stream';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type AccountServerDeps, createAccountServer } from './create-server.js';

/** A connected in-memory server and the client end of its transport. */
export interface InMemoryAccountServer {
  /** The transport a client (or a raw JSON-RPC test client) talks through. */
  readonly clientTransport: Transport;
  /** The server's log, line by line, as `stdio.ts` writes it to stderr; it ends on `close`. */
  readonly stderr: Readable;
  close(): Promise<void>;
}

/** Starts the server on one end of a linked in-memory pair: the tests' way in, no process needed. */
export async function startInMemoryServer(
  deps: Omit<AccountServerDeps, 'log'>,
): Promise<InMemoryAccountServer> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const stderr = new PassThrough();
  const server = createAccountServer({ ...deps, log: (line) => stderr.write(`${line}\n`) });
  await server.connect(serverTransport);
  return {
    clientTransport,
    stderr,
    close: async () => {
      await server.close();
      stderr.end();
    },
  };
}
