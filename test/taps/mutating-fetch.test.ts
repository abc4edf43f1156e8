import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/envelope/json-value.js';
import type { HttpExchange } from '../../src/http/http-exchange.js';
import { connectRaw } from '../../src/taps/connect-raw.js';
import { mutatingFetch, type FetchLike } from '../../src/taps/mutating-fetch.js';
import { clearTapState, installTapState } from '../../src/taps/tap-state.js';

const URL_ = 'http://127.0.0.1:4567/mcp';
const CHALLENGE =
  'Bearer error="insufficient_scope", scope="a:b", resource_metadata="http://127.0.0.1:4567/.well-known/oauth-protected-resource/mcp"';
const CALL = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } };

afterEach(() => clearTapState());

/** A fake server: answers every request with `respond(request)` and remembers the requests. */
function fakeFetch(respond: (init: RequestInit | undefined) => Response): FetchLike {
  return (_input, init) => Promise.resolve(respond(init));
}

function stepUp(): Response {
  return new Response('{"error":"insufficient_scope"}', {
    status: 403,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': CHALLENGE,
      'mcp-session-id': 'live-session-42',
      'x-other': 'kept',
    },
  });
}

function post(token = 'secret-token-123'): RequestInit {
  return {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'mcp-session-id': 'live-session-42' },
    body: JSON.stringify(CALL),
  };
}

describe('mutatingFetch outside a mutation run', () => {
  it('should pass the response on unchanged and record the exchange without the token', async () => {
    const http = mutatingFetch(fakeFetch(stepUp));

    const response = await http(URL_, post());

    expect(response.status).toBe(403);
    expect(response.headers.get('x-other')).toBe('kept');
    expect(await response.json()).toEqual({ error: 'insufficient_scope' });
    expect(http.last()).toEqual({
      request: {
        method: 'POST',
        path: '/mcp',
        headers: { authorization: 'Bearer', 'mcp-session-id': 'live-session-42' },
        body: CALL,
      },
      response: {
        status: 403,
        headers: {
          'content-type': 'application/json',
          'www-authenticate': CHALLENGE,
          'mcp-session-id': 'live-session-42',
        },
        body: { kind: 'json', value: { error: 'insufficient_scope' } },
      },
    });
    expect(JSON.stringify(http.exchanges)).not.toContain('secret-token-123');
  });

  it('should hand the client the very response the server sent, byte for byte', async () => {
    // A 20-digit id, `1.0` and an SSE comment: a parse and a write would change each of them.
    const texts = ['{"id": 12345678901234567890, "v": 1.0}', ': keep-alive\ndata: {"a":1}\n\n'];
    for (const [text, type] of [
      [texts[0], 'application/json'],
      [texts[1], 'text/event-stream'],
    ] as const) {
      const sent = new Response(text, { headers: { 'content-type': type } });
      const http = mutatingFetch(() => Promise.resolve(sent));

      const response = await http(URL_, post());

      expect(response).toBe(sent);
      expect(await response.text()).toBe(text);
    }
  });

  it('should read SSE bodies as events and leave a GET event stream unread', async () => {
    const sse = mutatingFetch(
      fakeFetch(
        () =>
          new Response('id: 1\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          }),
      ),
    );
    const posted = await sse(URL_, post());
    expect(sse.last().response.body).toEqual({
      kind: 'sse',
      events: [{ id: '1', data: '{"jsonrpc":"2.0","id":2,"result":{}}' }],
    });
    expect(await posted.text()).toBe('id: 1\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n');

    const stream = await sse(URL_, { method: 'GET' });
    expect(sse.last().response.body).toEqual({ kind: 'stream' });
    expect(await stream.text()).toContain('data:');
    expect(() => mutatingFetch().last()).toThrow(/no HTTP exchange yet/);
  });
});

describe('mutatingFetch during a mutation run', () => {
  it('should record an http site with stable names for the origin and the session', async () => {
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(fakeFetch(stepUp));

    await http(URL_, post());

    const [site] = state.tests.get('t1')?.sites ?? [];
    expect(site?.key).toBe('t1#http:POST:tools/call#0');
    expect(site?.kind).toBe('http');
    expect(site?.check).toEqual({ requestId: 2, method: 'tools/call' });
    const value = site?.value as HttpExchange;
    expect(value.response.headers['www-authenticate']).toContain(
      'resource_metadata="<origin>/.well-known/oauth-protected-resource/mcp"',
    );
    expect(value.response.headers['mcp-session-id']).toBe('<session-1>');
    expect(value.request.headers['mcp-session-id']).toBe('<session-1>');
  });

  it('should number concurrent exchanges in the order they were sent, not answered', async () => {
    // Arrange: two requests at once; the server answers the second first.
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const answers: Array<() => void> = [];
    const http = mutatingFetch(
      (_input, init) =>
        new Promise((resolve) => {
          const { id } = JSON.parse(init?.body as string) as { id: number };
          answers.push(() => resolve(Response.json({ jsonrpc: '2.0', id, result: {} })));
        }),
    );
    const call = (id: number): RequestInit => ({
      method: 'POST',
      body: JSON.stringify({ ...CALL, id }),
    });
    // Act
    const both = Promise.all([http(URL_, call(1)), http(URL_, call(2))]);
    answers[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    answers[0]?.();
    await both;
    // Assert
    const sites = state.tests.get('t1')?.sites ?? [];
    expect(sites.map((site) => [site.key, site.check.requestId])).toEqual([
      ['t1#http:POST:tools/call#1', 2],
      ['t1#http:POST:tools/call#0', 1],
    ]);
  });

  it("should hand the client the server's own response where no mutant applies", async () => {
    // A discovery run records the site; the client must still get the response as it came.
    installTapState({ mode: 'record', root: '/', mutations: {} }, 'a.test.ts', () => 't1');
    const sent = stepUp();
    const http = mutatingFetch(() => Promise.resolve(sent));

    const response = await http(URL_, post());

    expect(response).toBe(sent);
  });

  it('should record the request headers as sent, but for the token and the session id', async () => {
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(fakeFetch(stepUp));

    await http(URL_, {
      ...post(),
      headers: {
        authorization: 'Bearer secret-token-123',
        'mcp-session-id': 'live-session-42',
        'mcp-protocol-version': '2025-11-25',
      },
    });

    const value = state.tests.get('t1')?.sites[0]?.value as HttpExchange;
    expect(value.request.headers).toEqual({
      authorization: 'Bearer',
      'mcp-session-id': '<session-1>',
      'mcp-protocol-version': '2025-11-25',
    });
  });

  it('should key an exchange that carries no JSON-RPC request by `-`, with an empty check', async () => {
    // A GET's standalone stream and a notification's POST name no JSON-RPC method and no id.
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(
      fakeFetch((init) =>
        init?.method === 'GET'
          ? new Response('data: {}\n\n', { headers: { 'content-type': 'text/event-stream' } })
          : new Response(null, { status: 202 }),
      ),
    );

    await http(URL_, { method: 'GET' });
    await http(URL_, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });

    const sites = state.tests.get('t1')?.sites ?? [];
    expect(sites.map((site) => [site.key, site.check])).toEqual([
      ['t1#http:GET:-#0', {}],
      ['t1#http:POST:-#0', {}],
    ]);
  });

  it('should hand the client the planned exchange, with live origin and session restored', async () => {
    const planned: HttpExchange = {
      request: { method: 'POST', path: '/mcp', headers: {} },
      response: {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'mcp-session-id': '<session-1>',
          'www-authenticate': 'Bearer resource_metadata="<origin>/x"',
        },
        body: {
          kind: 'json',
          value: { jsonrpc: '2.0', id: 2, result: { content: [], isError: true } },
        },
      },
    };
    installTapState(
      {
        mode: 'mutate',
        root: '/',
        mutations: { 't1#http:POST:tools/call#0': { mutantId: 'm1', value: planned } },
      },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(fakeFetch(stepUp));

    const response = await http(URL_, post());

    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('live-session-42');
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://127.0.0.1:4567/x"',
    );
    expect(response.headers.get('x-other')).toBe('kept');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [], isError: true },
    });
    expect(http.last().response.status).toBe(200);
  });
});

describe('mutatingFetch with a reformatted JSON body', () => {
  it('should send the planned layout to the client and record the parsed value for the suite', async () => {
    // Arrange
    const value = { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } };
    const layout = { indent: 2, before: '\n', after: '' };
    const planned: HttpExchange = {
      request: { method: 'POST', path: '/mcp', headers: {} },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: { kind: 'json', value, layout },
      },
    };
    installTapState(
      {
        mode: 'mutate',
        root: '/',
        mutations: { 't1#http:POST:tools/call#0': { mutantId: 'm1', value: planned } },
      },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(fakeFetch(stepUp));

    // Act
    const response = await http(URL_, post());

    // Assert
    expect(await response.text()).toBe(`\n${JSON.stringify(value, null, 2)}`);
    expect(http.last().response.body).toStrictEqual({ kind: 'json', value });
  });
});

describe('mutatingFetch on a stream where the server asks the client first', () => {
  /** A POST's event stream: a `ping` of the server, then, once the client answered, the answer. */
  function pingFirst(): { fetch: FetchLike; answer: () => void } {
    let answer = (): void => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('data: {"jsonrpc":"2.0","id":"s1","method":"ping"}\n\n'));
        await answered;
        controller.enqueue(
          encoder.encode(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 2, result: {} })}\n\n`),
        );
        controller.close();
      },
    });
    const headers = { 'content-type': 'text/event-stream' };
    return { fetch: fakeFetch(() => new Response(body, { status: 200, headers })), answer };
  }

  it('should hand the client the stream at once, record it once it ends, and make it no site', async () => {
    // Arrange
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const server = pingFirst();
    const http = mutatingFetch(server.fetch);
    // Act: the client reads the server's request, answers it, then reads the answer.
    const response = await http(URL_, post());
    const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
    const first = await reader?.read();
    server.answer();
    let rest = '';
    for (let chunk = await reader?.read(); chunk?.done === false; chunk = await reader?.read())
      rest += new TextDecoder().decode(chunk.value);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Assert
    expect(new TextDecoder().decode(first?.value)).toContain('"method":"ping"');
    expect(rest).toContain('"result":{}');
    const body = http.last().response.body;
    expect(body.kind === 'sse' ? body.events.map((event) => event.data) : body).toEqual([
      '{"jsonrpc":"2.0","id":"s1","method":"ping"}',
      '{"jsonrpc":"2.0","id":2,"result":{}}',
    ]);
    expect(state.tests.get('t1')?.sites ?? []).toEqual([]);
  });

  it('should read a stream whole, as a site, where the server only notifies before its answer', async () => {
    // Negative control: a notification asks nothing of the client.
    const state = installTapState(
      { mode: 'record', root: '/', mutations: {} },
      'a.test.ts',
      () => 't1',
    );
    const text =
      'data: {"jsonrpc":"2.0","method":"notifications/progress"}\n\ndata: {"jsonrpc":"2.0","id":2,"result":{}}\n\n';
    const headers = { 'content-type': 'text/event-stream' };
    const http = mutatingFetch(fakeFetch(() => new Response(text, { status: 200, headers })));

    await http(URL_, post());

    expect(state.tests.get('t1')?.sites.map((site) => site.key)).toEqual([
      't1#http:POST:tools/call#0',
    ]);
    expect(http.exchanges).toHaveLength(1);
  });
});

describe('mutatingFetch replaying a mutant on the live answer', () => {
  const KEY = 't1#http:POST:tools/call#0';
  const plan = (value: HttpExchange, key = KEY) =>
    installTapState(
      { mode: 'mutate', root: '/', mutations: { [key]: { mutantId: 'm1', value } } },
      'a.test.ts',
      () => 't1',
    );
  /** A plan whose exchange answers a request to the endpoint with `response`. */
  const planAnswer = (response: HttpExchange['response'], key = KEY, method = 'POST') =>
    plan({ request: { method, path: '/mcp', headers: {} }, response }, key);
  const answer = (text: string) => (): Response =>
    new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });

  it("should lay out the server's own text when only the layout changed, digits and escapes kept", async () => {
    // Arrange: a 20-digit id and an escape, which a parse and a write would change.
    const sent = '{"jsonrpc":"2.0","id":2,"result":{"n":12345678901234567891,"t":"caf\\u00e9"}}';
    const value = JSON.parse(sent) as JsonValue;
    const layout = { indent: 2, before: '', after: '\n' };
    planAnswer({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { kind: 'json', value, layout },
    });
    const http = mutatingFetch(fakeFetch(answer(sent)));
    // Act
    const text = await (await http(URL_, post())).text();
    // Assert
    expect(text).toBe(
      '{\n  "jsonrpc": "2.0",\n  "id": 2,\n  "result": {\n    "n": 12345678901234567891,\n    "t": "caf\\u00e9"\n  }\n}\n',
    );
  });

  it('should give back the origin in the body a mutant wrote, and where the answer came from', async () => {
    // Arrange: the server's answer came after a redirect; the mutant's body names `<origin>`.
    const redirected = (): Response =>
      Object.defineProperties(stepUp(), {
        url: { value: `${URL_}/moved` },
        redirected: { value: true },
      });
    const text = 'needs the write scope, see <origin>/scopes';
    planAnswer({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        kind: 'json',
        value: {
          jsonrpc: '2.0',
          id: 2,
          result: { content: [{ type: 'text', text }], isError: true },
        },
      },
    });
    const http = mutatingFetch(fakeFetch(redirected));
    // Act
    const response = await http(URL_, post());
    // Assert
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${URL_}/moved`);
    expect(JSON.stringify(await response.json())).toContain('see http://127.0.0.1:4567/scopes');
  });
  it('should write the JSON of a mutant that changed only the status, as no layout was planned', async () => {
    // Arrange: the body's value is the server's; only a layout would keep the server's text.
    const value = { jsonrpc: '2.0', id: 2, result: {} };
    planAnswer({
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: { kind: 'json', value },
    });
    const http = mutatingFetch(fakeFetch(answer('{ "jsonrpc": "2.0", "id": 2, "result": {} }')));
    // Act
    const response = await http(URL_, post());
    // Assert
    expect(response.status).toBe(500);
    expect(await response.text()).toBe(JSON.stringify(value));
  });

  it("should cancel the server's body that the client no longer reads", async () => {
    // The tap read a clone; the original's half of the tee would otherwise stay buffered.
    const sent = stepUp();
    planAnswer({ status: 500, headers: {}, body: { kind: 'text', text: 'boom' } });
    const http = mutatingFetch(() => Promise.resolve(sent));

    const response = await http(URL_, post());

    expect(await response.text()).toBe('boom');
    expect(sent.bodyUsed).toBe(true);
  });

  it("should pass a GET's event stream on unread under the mutant's headers", async () => {
    // Arrange: the stream is the client's to read; the mutant changes its headers only.
    planAnswer(
      {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
        body: { kind: 'stream' },
      },
      't1#http:GET:-#0',
      'GET',
    );
    const events = 'data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n';
    const http = mutatingFetch(
      fakeFetch(() => new Response(events, { headers: { 'content-type': 'text/event-stream' } })),
    );
    // Act
    const response = await http(URL_, { method: 'GET' });
    // Assert
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await response.text()).toBe(events);
  });

  it("should answer a notification's bodiless 202 with the planned exchange", async () => {
    // Arrange: the server's 202 has no body to cancel.
    const value = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
    planAnswer(
      {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: { kind: 'json', value },
      },
      't1#http:POST:-#0',
    );
    const http = mutatingFetch(fakeFetch(() => new Response(null, { status: 202 })));
    // Act
    const response = await http(URL_, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    // Assert
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(value);
  });

  it('should answer with the planned empty 202 in place of a JSON answer', async () => {
    planAnswer({ status: 202, headers: {}, body: { kind: 'empty' } });
    const http = mutatingFetch(fakeFetch(stepUp));

    const response = await http(URL_, post());

    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(http.last().response.body).toEqual({ kind: 'empty' });
  });

  it('should leave a session id the tap never named as the plan has it', async () => {
    // Only `<session-N>` names of sessions the tap saw go back to their live ids.
    planAnswer({
      status: 200,
      headers: { 'content-type': 'application/json', 'mcp-session-id': '<session-2>' },
      body: { kind: 'json', value: { jsonrpc: '2.0', id: 2, result: {} } },
    });
    const http = mutatingFetch(fakeFetch(stepUp));

    const response = await http(URL_, post());

    expect(response.headers.get('mcp-session-id')).toBe('<session-2>');
  });

  it('should give back the origin in every string of a JSON body, its other values kept', async () => {
    // Arrange: each string of the body names `<origin>`; arrays, numbers, booleans and null stay.
    const live = 'http://127.0.0.1:4567';
    plan(
      {
        request: { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp', headers: {} },
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: {
            kind: 'json',
            value: {
              resource: '<origin>/mcp',
              authorization_servers: ['<origin>/auth'],
              dpop_bound_access_tokens_required: false,
              max_age: 3600,
              resource_name: null,
            },
          },
        },
      },
      't1#http:GET:-#0',
    );
    const http = mutatingFetch(fakeFetch(answer(`{"resource":"${live}/mcp"}`)));
    // Act
    const response = await http(`${live}/.well-known/oauth-protected-resource/mcp`);
    // Assert
    expect(await response.json()).toStrictEqual({
      resource: `${live}/mcp`,
      authorization_servers: [`${live}/auth`],
      dpop_bound_access_tokens_required: false,
      max_age: 3600,
      resource_name: null,
    });
  });

  it("should give back the origin in an SSE body's events and in a text body", async () => {
    // Arrange: two calls, each with its own planned body.
    const live = 'http://127.0.0.1:4567';
    installTapState(
      {
        mode: 'mutate',
        root: '/',
        mutations: {
          [KEY]: {
            mutantId: 'm1',
            value: {
              request: { method: 'POST', path: '/mcp', headers: {} },
              response: {
                status: 200,
                headers: { 'content-type': 'text/event-stream' },
                body: { kind: 'sse', events: [{ id: '7', data: '"see <origin>/a"' }] },
              },
            },
          },
          't1#http:POST:tools/call#1': {
            mutantId: 'm2',
            value: {
              request: { method: 'POST', path: '/mcp', headers: {} },
              response: {
                status: 401,
                headers: { 'content-type': 'text/plain' },
                body: { kind: 'text', text: 'see <origin>/b' },
              },
            },
          },
        },
      },
      'a.test.ts',
      () => 't1',
    );
    const http = mutatingFetch(fakeFetch(stepUp));
    // Act
    const sse = await (await http(URL_, post())).text();
    const sseRecord = http.last().response.body;
    const text = await (await http(URL_, post())).text();
    // Assert
    expect(sse).toBe(`id: 7\ndata: "see ${live}/a"\n\n`);
    expect(sseRecord).toEqual({ kind: 'sse', events: [{ id: '7', data: `"see ${live}/a"` }] });
    expect(text).toBe(`see ${live}/b`);
    expect(http.last().response.body).toEqual({ kind: 'text', text: `see ${live}/b` });
  });

  it('should read the origin of a Request given as the input', async () => {
    // The SDK passes a URL; any other caller of `fetch` may pass a Request.
    planAnswer(
      {
        status: 401,
        headers: { 'www-authenticate': 'Bearer resource_metadata="<origin>/meta"' },
        body: { kind: 'empty' },
      },
      't1#http:POST:-#0',
    );
    const http = mutatingFetch(fakeFetch(stepUp));

    const response = await http(new Request(URL_, { method: 'POST' }));

    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://127.0.0.1:4567/meta"',
    );
  });

  it('should record a text body the plan gives a stray `layout` as the text it is', async () => {
    // A plan crosses a process boundary as JSON and `isHttpExchange` checks only the members a
    // body's kind needs: only a JSON body's layout is the wire's alone.
    planAnswer({
      status: 500,
      headers: {},
      body: { kind: 'text', text: 'boom', layout: { indent: 2, before: '', after: '' } },
    } as HttpExchange['response']);
    const http = mutatingFetch(fakeFetch(stepUp));

    await http(URL_, post());

    expect(http.last().response.body).toMatchObject({ kind: 'text', text: 'boom' });
  });
});

describe('connectRaw over StreamableHTTPClientTransport with mutatingFetch', () => {
  it('should handshake and return raw envelopes, each exchange a recorded exchange', async () => {
    const http = mutatingFetch(
      fakeFetch((init) => {
        const message = JSON.parse(init?.body as string) as { id?: number; method: string };
        if (message.id === undefined) return new Response(null, { status: 202 });
        const result =
          message.method === 'initialize'
            ? {
                protocolVersion: '2025-11-25',
                capabilities: {},
                serverInfo: { name: 's', version: '1' },
              }
            : { content: [{ type: 'text', text: 'ok' }] };
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), {
          headers: { 'content-type': 'application/json', 'mcp-session-id': 's-1' },
        });
      }),
    );
    const transport = new StreamableHTTPClientTransport(new URL(URL_), { fetch: http });

    const connection = await connectRaw(transport);
    const response = await connection.request('tools/call', { name: 'x' });
    await connection.close();

    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'ok' }] },
    });
    const posts = http.exchanges.filter((exchange) => exchange.request.method === 'POST');
    expect(posts.map((exchange) => exchange.response.status)).toEqual([200, 202, 200]);
  });
});
