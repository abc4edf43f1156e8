import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createAccountStore } from './accounts.js';
import { createAccountServer } from './create-server.js';
import { DEMO_ACCOUNTS } from './demo-data.js';
import { createFakeCardProvider } from './fake-card-provider.js';

// The stdio entry: `node dist/src/stdio.js` after `tsc -p tsconfig.build.json` (see README).
// Logs go to stderr: stdout is the JSON-RPC channel (MCP 2025-11-25 transports, stdio).
const server = createAccountServer({
  accounts: createAccountStore(DEMO_ACCOUNTS),
  provider: createFakeCardProvider(),
  log: (line) => process.stderr.write(`${line}\n`),
});
await server.connect(new StdioServerTransport());
process.stderr.write('accounts-example MCP server listening on stdio\n');
