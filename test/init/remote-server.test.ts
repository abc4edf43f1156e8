import { describe, expect, it } from 'vitest';
import { headerRecord, remoteServer, shownUrl } from '../../src/init/remote-server.js';

describe('remoteServer', () => {
  it('should name the variable of each header after the header, low-scope ones apart', () => {
    const remote = remoteServer({
      url: 'http://127.0.0.1:3000/mcp',
      headers: ['Authorization: Bearer abcdef123456', 'X-Api-Key:  key-0987654321 '],
      lowScopeHeaders: ['authorization: Bearer lowlow123456'],
    });

    expect(remote.headers.map(({ name, variable }) => [name, variable])).toEqual([
      ['Authorization', 'MCP_SECRET_AUTHORIZATION'],
      ['X-Api-Key', 'MCP_SECRET_X_API_KEY'],
    ]);
    expect(remote.lowScopeHeaders[0]?.variable).toBe('MCP_LOW_SCOPE_SECRET_AUTHORIZATION');
    expect(headerRecord(remote.headers)).toEqual({
      Authorization: 'Bearer abcdef123456',
      'X-Api-Key': 'key-0987654321',
    });
  });

  it('should redact each header value and the credential after its scheme', () => {
    const remote = remoteServer({
      url: 'http://127.0.0.1:3000/mcp',
      headers: ['Authorization: Bearer abcdef123456'],
      lowScopeHeaders: ['Authorization: Bearer lowlow123456'],
    });

    const text = remote.redact('token abcdef123456 and "lowlow123456" in an answer');

    expect(text).not.toContain('abcdef123456');
    expect(text).not.toContain('lowlow123456');
  });

  it('should show the URL without its query', () => {
    expect(shownUrl(new URL('http://127.0.0.1:3000/mcp?key=secret'))).toBe(
      'http://127.0.0.1:3000/mcp',
    );
  });

  it('should refuse the same header given twice', () => {
    expect(() =>
      remoteServer({
        url: 'http://127.0.0.1:3000/mcp',
        headers: ['Authorization: Bearer a', 'authorization: Bearer b'],
      }),
    ).toThrow('the header authorization is given twice');
  });
});
