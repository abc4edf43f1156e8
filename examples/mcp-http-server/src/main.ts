import { createLedger } from './ledger.js';
import { startLedgerHttpServer } from './start-ledger-http-server.js';
import { tableVerifier } from './tokens.js';

// Runs the example on 127.0.0.1 with two demo tokens, until interrupted.
const server = await startLedgerHttpServer({
  ledger: createLedger({ acct_ada: 10_000, acct_bob: 500 }),
  verify: tableVerifier({
    'demo-reader': { subject: 'reader', scopes: ['accounts:read'] },
    'demo-writer': { subject: 'writer', scopes: ['accounts:read', 'accounts:write'] },
  }),
  port: Number(process.env['PORT'] ?? 0),
});
process.stdout.write(`MCP endpoint: ${server.url.href}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
