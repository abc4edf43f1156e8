import { describeHttpResponse } from '../describe-http-response.js';
import { HTTP_FAILURE_STATUS } from '../http-check-context.js';
import type { HttpRuleInput } from '../http-rule-input.js';
import type { Violation } from '../violation.js';
import { violation } from '../violation-message.js';

/** MCP 2025-11-25 transports.mdx "Session Management": "visible ASCII characters (0x21 to 0x7E)". */
const SESSION_ID = /^[\x21-\x7E]+$/;

/**
 * `http.session` (revisions with sessions: 2025-06-18, 2025-11-25; 2026-07-28 removed them):
 * a request without the required `Mcp-Session-Id` gets 400, one naming a terminated or unknown
 * session gets 404 (transports.mdx "Session Management" items 2 and 3), and a session id holds
 * only visible ASCII (item 1).
 */
export function httpSession({ exchange, context, http }: HttpRuleInput, out: Violation[]): void {
  if (!http.sessions) return;
  const { response } = exchange;
  const expected = context.expected;
  if (expected === 'missing-session' || expected === 'unknown-session') {
    const want = HTTP_FAILURE_STATUS[expected];
    if (response.status !== want) {
      const what =
        expected === 'missing-session'
          ? 'a request without the required Mcp-Session-Id'
          : 'a request naming a terminated or unknown session';
      out.push(
        violation(
          'http.session',
          ['response', 'status'],
          `${want} for ${what} (MCP ${http.name.replace(/^mcp-/, '')} transports.mdx "Session Management")`,
          describeHttpResponse(response),
        ),
      );
      return;
    }
  }
  const id = response.headers['mcp-session-id'];
  if (id !== undefined && !SESSION_ID.test(id)) {
    out.push(
      violation(
        'http.session',
        ['response', 'headers', 'mcp-session-id'],
        'a session id of visible ASCII characters (0x21 to 0x7E)',
        'other characters',
      ),
    );
  }
}
