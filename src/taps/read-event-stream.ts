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
  const rest = async (): Promise<string> => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { whole: text + decoder.decode() };
    text += decoder.decode(value, { stream: true });
    if (asksTheClient(text)) return { asked: rest() };
  }
}

/** Whether an event complete in `text` (ended by a blank line) carries a request. */
function asksTheClient(text: string): boolean {
  const end = Math.max(
    text.lastIndexOf('\n\n'),
    text.lastIndexOf('\r\n\r\n'),
    text.lastIndexOf('\r\r'),
  );
  if (end < 0) return false;
  return parseSse(text.slice(0, end)).some(
    (event) => messageKind(parsed(event.data)) === 'request',
  );
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}
