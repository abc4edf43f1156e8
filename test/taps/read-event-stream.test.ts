import { describe, expect, test } from 'vitest';
import { readEventStream } from '../../src/taps/read-event-stream.js';

const REQUEST = 'data: {"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage"}';
const NOTIFICATION = 'data: {"jsonrpc":"2.0","method":"notifications/progress"}';
const ANSWER = 'data: {"jsonrpc":"2.0","id":2,"result":{}}';

/** A response whose body comes in `chunks`, the last ones only once `more` resolves. */
function streamed(chunks: readonly string[], more?: Promise<readonly string[]>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      for (const chunk of (await more) ?? []) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('readEventStream', () => {
  test('should read a stream that asks nothing whole, however it is cut', async () => {
    const text = `${NOTIFICATION}\r\n\r\n${ANSWER}\n\n`;
    const read = await readEventStream(
      streamed([text.slice(0, 9), text.slice(9, 70), text.slice(70)]),
    );
    expect(read).toEqual({ whole: text });
  });

  test('should keep a character whose bytes two chunks split', async () => {
    const bytes = new TextEncoder().encode(
      'data: {"jsonrpc":"2.0","id":2,"result":{"t":"café"}}\n\n',
    );
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const read = await readEventStream(new Response(body));
    expect(read).toEqual({ whole: new TextDecoder().decode(bytes) });
  });

  test('should answer once an event that is a request is complete, and read the rest behind', async () => {
    // Arrange: the request comes in two pieces; the answer only after the client answered.
    let answer = (_: readonly string[]): void => undefined;
    const more = new Promise<readonly string[]>((resolve) => {
      answer = resolve;
    });
    const response = streamed([REQUEST.slice(0, 20), `${REQUEST.slice(20)}\r\n\r\n`], more);
    // Act
    const read = await readEventStream(response);
    answer([`${ANSWER}\n\n`]);
    // Assert
    const whole = 'asked' in read ? await read.asked : 'read whole, not asked';
    expect(whole).toBe(`${REQUEST}\r\n\r\n${ANSWER}\n\n`);
  });

  test('should not take an event before its blank line, a response or data that is no JSON for a request', async () => {
    // A request without its blank line yet, then the stream ends: read whole.
    expect(await readEventStream(streamed([`${ANSWER}\n\n`, REQUEST]))).toEqual({
      whole: `${ANSWER}\n\n${REQUEST}`,
    });
    const notJson = 'data: {"method": not json\n\n';
    expect(await readEventStream(streamed([notJson]))).toEqual({ whole: notJson });
    expect(await readEventStream(new Response(null))).toEqual({ whole: '' });
  });
});
