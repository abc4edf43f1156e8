import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createMessageFlow, type Direction } from './message-flow.js';
import { activeTapState, observeSite, reserveSite, type ReservedSite } from './tap-state.js';

/**
 * Wraps an MCP SDK `Transport` so that every message crossing it, both directions, is a site:
 * keyed `<test id>#<direction>:<method>#<ordinal>` (`in` = received, `out` = sent; a response is
 * named after its request's method, and numbered in the order the requests went out, not the
 * order the responses came back). A response's check context carries the request id, the
 * request's method and the ids of the other requests in flight. Outside a mutation run the
 * messages pass unchanged.
 */
export function mutatingTransport(transport: Transport): Transport {
  const flow = createMessageFlow<ReservedSite>();
  const tap = <T>(direction: Direction, message: T): T => {
    const state = activeTapState();
    if (state === undefined) return message;
    // A response is named when its request travels, so that concurrent calls answered in any
    // order keep their keys (`reserveSite`).
    const site = flow.site(direction, message, (label) => reserveSite(state, label));
    return observeSite(state, 'envelope', message, site);
  };
  let onmessage: Transport['onmessage'];
  const wrapper: Transport = {
    start: () => transport.start(),
    close: () => transport.close(),
    send: async (message, options) => {
      try {
        await transport.send(tap('out', message), options);
      } catch (error) {
        // Not in flight: `change-id`'s "another in-flight id" must not pick it.
        flow.forget('out', message);
        throw error;
      }
    },
    get onclose() {
      return transport.onclose;
    },
    set onclose(handler) {
      transport.onclose = handler;
    },
    get onerror() {
      return transport.onerror;
    },
    set onerror(handler) {
      transport.onerror = handler;
    },
    get onmessage() {
      return onmessage;
    },
    set onmessage(handler) {
      onmessage = handler;
      transport.onmessage =
        handler === undefined
          ? undefined
          : (message, extra) => {
              handler(tap('in', message), extra);
            };
    },
    get sessionId() {
      return transport.sessionId;
    },
  };
  if (transport.setProtocolVersion !== undefined) {
    wrapper.setProtocolVersion = (version) => transport.setProtocolVersion?.(version);
  }
  return wrapper;
}
