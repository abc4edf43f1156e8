/**
 * The properties `fuzz` checks on a client decoder (docs/design.md "The other commands"). These
 * names appear in reports and fixtures: never rename one once released.
 */
export const PROPERTY_NAMES = [
  'session-survives',
  'no-false-success',
  'correlation',
  'isolation',
  'no-leak',
  'prose-invariance',
] as const;

export type PropertyName = (typeof PROPERTY_NAMES)[number];

export function isPropertyName(value: unknown): value is PropertyName {
  return typeof value === 'string' && (PROPERTY_NAMES as readonly string[]).includes(value);
}
