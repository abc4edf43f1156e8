import { messageKind } from '../envelope/message-kind.js';
import { parseSse } from '../http/sse.js';

/**
 * A POST's event stream, read by the tap: its whole text, or, where the server sends a request of
 * its own on it before the end (`ping`, `sampling/createMessage`, `elicitation/create`), the rest
 * still to come. Such a server waits for the client's answer before it goes on (MCP 2025-11-25
 * transports.mdx "Sending Messages": the server MAY send requests before the response), so a
 * client that saw nothing until the end would never answer, and the stream never end.
 */
export type EventStreamText =
  | { readonly whole: string }
  | {
      /** The server asked the client something: the whole text, once the stream ends. */
      readonly asked: Promise<string>;
    };

/**
 * Reads `copy` (a clone: the client's own body stays unread) to its end, unless a complete event
 * of it is a JSON-RPC request: then it answers at once, and reads the rest on behind the client.
 */
export async function readEventStream(copy: Response): Promise<EventStreamText> {
  if (copy.body === null) return { whole: '' };
  // Node's `Response` types its body's chunks `any`; a fetch body's are bytes (Fetch standard).
  const reader = (copy.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Reads one more chunk into `text`; false once the stream ended. */
  const more = async (): Promise<boolean> => {
    const { done, value } = await reader.read();
    text += done ? decoder.decode() : decoder.decode(value, { stream: true });
    return !done;
  };
  // The events already looked at end here: each chunk's new ones only are parsed, not the whole
  // text again (a long stream of progress notifications before the answer).
  let checked = 0;
  while (await more()) {
    const end = lastEventEnd(text);
    if (end <= checked) continue;
    const asked = parseSse(text.slice(checked, end)).some(
      (event) => messageKind(parsed(event.data)) === 'request',
    );
    checked = end;
    if (asked) return { asked: readToEnd(more).then(() => text) };
  }
  return { whole: text };
}

async function readToEnd(more: () => Promise<boolean>): Promise<void> {
  while (await more());
}

/** Where the last event complete in `text` ends (its blank line); -1 where none is. */
function lastEventEnd(text: string): number {
  return Math.max(text.lastIndexOf('\n\n'), text.lastIndexOf('\r\n\r\n'), text.lastIndexOf('\r\r'));
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}
