/**
 * Why a file the user named cannot be read, as a message goes on after its path: "does not
 * exist", "is a folder, not a file", or the system's code. Node's own message is not shown: it
 * repeats the path and names the syscall.
 */
export function unreadableBecause(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return `cannot be read (${typeof code === 'string' ? code : String(error)})`;
}
