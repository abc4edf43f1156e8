/** A test as a message names it. */
interface NamedTest {
  readonly file: string;
  readonly name: string;
}

/**
 * A site's key as a message shows it: with its test's file and name for the test's id
 * (`"a.test.ts > answers" #0`), which vitest derives from a hash a user cannot read; a key of no
 * known test (a file-level site, an explicit key) as it is.
 */
export function shownSiteKey(key: string, testOf: (id: string) => NamedTest | undefined): string {
  const at = key.indexOf('#');
  const test = at < 0 ? undefined : testOf(key.slice(0, at));
  return test === undefined ? key : `"${test.file} > ${test.name}" ${key.slice(at)}`;
}
