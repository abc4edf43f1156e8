import type { SseEvent } from './http-exchange.js';

/**
 * The events of a complete `text/event-stream` body (WHATWG HTML "Event stream interpretation"):
 * `data` lines joined by newlines, `event` and `id` kept, comments and `retry` dropped. An event
 * is dispatched at a blank line; a final event without one is kept too.
 *
 * @internal
 */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let data: string[] | undefined;
  let event: string | undefined;
  let id: string | undefined;
  const dispatch = () => {
    if (data !== undefined || id !== undefined) {
      events.push({
        ...(event === undefined ? {} : { event }),
        ...(id === undefined ? {} : { id }),
        data: (data ?? []).join('\n'),
      });
    }
    data = undefined;
    event = undefined;
    id = undefined;
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      dispatch();
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') (data ??= []).push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  dispatch();
  return events;
}

/**
 * Events back to `text/event-stream` text, one field per line, each event ended by a blank line.
 *
 * @internal
 */
export function formatSse(events: readonly SseEvent[]): string {
  return events
    .map((event) => {
      const lines = [
        ...(event.event === undefined ? [] : [`event: ${event.event}`]),
        ...(event.id === undefined ? [] : [`id: ${event.id}`]),
        ...event.data.split('\n').map((line) => `data: ${line}`),
      ];
      return `${lines.join('\n')}\n\n`;
    })
    .join('');
}
