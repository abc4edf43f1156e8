import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type AccountServerDeps, createAccountServer } from './create-server.js';

/** A connected in-memory server and the client end of its transport. */
export interface InMemoryAccountServer {
  /** The transport a client (or a raw JSON-RPC test client) talks through. */
  readonly clientTransport: Transport;
  close(): Promise<void>;
}

/** Starts the server on one end of a linked in-memory pair: the tests' way in, no process needed. */
export async function startInMemoryServer(deps: AccountServerDeps): Promise<InMemoryAccountServer> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createAccountServer(deps);
  await server.connect(serverTransport);
  return { clientTransport, close: () => server.close() };
}
