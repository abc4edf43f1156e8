#!/usr/bin/env node
import { main } from './cli.js';
import { redactSecrets } from './secrets/redact-secrets.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only bugs get here: user mistakes are ConfigErrors, answered with exit 2 inside main().
    process.stderr.write('envelope-mutants: internal error (a bug; please report it)\n');
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${redactSecrets(text, process.env)}\n`);
    process.exitCode = 3;
  },
);
