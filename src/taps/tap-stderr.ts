import type { Readable, Stream } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { tapLog } from './tap-log.js';

/**
 * Where a server's log comes from: its stderr stream itself, or what holds it — the MCP SDK's
 * `StdioClientTransport` created with `stderr: 'pipe'`, a `ChildProcess` spawned with a piped
 * stderr.
 */
export type StderrSource = Readable | { readonly stderr: Stream | null };

/** The lines a server wrote to its stderr. */
export interface StderrTap {
  /**
   * Every non-empty line of the stream, once it has ended (the server exited or closed its
   * stderr: close the connection first), each one a site (`tapLog`, keys
   * `<test id>#stderr#<ordinal>` in the test that first calls it). Later calls return the same
   * lines.
   */
  lines(): Promise<readonly string[]>;
}

/** Options of {@link tapStderr}. */
export interface TapStderrOptions {
  /** Names the ordinal counter of the sites' keys (default `stderr`). */
  readonly label?: string;
}

/**
 * Collects what a spawned server writes to stderr, its ordinary log, so that each line is a site:
 * the leak mutators plant canaries and internals in it, and a suite that checks the lines with
 * `expectLog(lines).toNotLeak()` kills them (docs/design.md "Sanitization": no secret in logs
 * either). Call it before the server starts writing (right after creating the transport): it
 * reads the stream from then on, so the pipe never fills up.
 *
 * @example
 * const transport = new StdioClientTransport({ command: 'node', args: ['server.js'], stderr: 'pipe' });
 * const stderr = tapStderr(transport);
 * const raw = await connectRaw(transport);
 * // … requests …
 * await raw.close();
 * expectLog(await stderr.lines()).toNotLeak(CANARIES);
 */
export function tapStderr(source: StderrSource, options: TapStderrOptions = {}): StderrTap {
  const stream = streamOf(source);
  const text = readToEnd(stream);
  let lines: Promise<readonly string[]> | undefined;
  return {
    lines: () =>
      (lines ??= text.then((all) =>
        all
          .split(/\r?\n/)
          .filter((line) => line !== '')
          .map((line) => tapLog(line, { label: options.label ?? 'stderr' })),
      )),
  };
}

function streamOf(source: StderrSource): Stream {
  if (typeof (source as Partial<Readable>).read === 'function') return source as Readable;
  const { stderr } = source as { readonly stderr: Stream | null | undefined };
  if (stderr === null || stderr === undefined) {
    throw new TypeError(
      "tapStderr: the server's stderr is not piped. Create the transport with `stderr: 'pipe'` " +
        "(StdioClientTransport) or spawn with `stdio: ['pipe', 'pipe', 'pipe']`.",
    );
  }
  return stderr;
}

/** The whole text of the stream, decoded as UTF-8 across chunk boundaries. */
function readToEnd(stream: Stream): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  stream.on('data', (chunk: Buffer | string) => {
    text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
  });
  return new Promise((resolve) => {
    if ((stream as Partial<Readable>).readableEnded === true) {
      resolve(text);
      return;
    }
    // A stream that errors or is destroyed without an end still gave what it carried so far.
    const done = () => {
      resolve(text + decoder.end());
    };
    stream.once('end', done);
    stream.once('close', done);
    stream.on('error', done);
  });
}
