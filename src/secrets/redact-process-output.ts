import { secretRedactor, type Environment } from './redact-secrets.js';

type Write = typeof process.stdout.write;

/**
 * Redacts, until the returned function is called, everything this process writes to its standard
 * output and error: the console summary, `explain`, `list`, progress lines and error messages
 * alike, so no command has to remember to. A secret split across two writes is not seen; every
 * writer of ours writes whole lines.
 *
 * @internal
 */
export function redactProcessOutput(env: Environment = process.env): () => void {
  const redactor = secretRedactor(env);
  const restore = [
    redactStream(process.stdout, redactor.text),
    redactStream(process.stderr, redactor.text),
  ];
  return () => {
    for (const undo of restore) undo();
  };
}

function redactStream(stream: NodeJS.WriteStream, redact: (text: string) => string): () => void {
  // The very function, unbound: undoing puts it back only if our wrapper is still in place.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = stream.write;
  const redacting = function (
    this: NodeJS.WriteStream,
    chunk: unknown,
    ...rest: unknown[]
  ): boolean {
    const safe =
      typeof chunk === 'string'
        ? redact(chunk)
        : chunk instanceof Uint8Array
          ? redact(Buffer.from(chunk).toString('utf8'))
          : chunk;
    return (original as (...args: unknown[]) => boolean).call(this, safe, ...rest);
  } as Write;
  stream.write = redacting;
  return () => {
    // Only undo our own wrapper: a test may have replaced it with a spy since.
    if (stream.write === redacting) stream.write = original;
  };
}
