// The sentence to show for an error caught by a shared component. DbError (src/lib/data/db.ts) carries
// its own Spanish `userMessage`; anything else gets the component's fallback, never raw English.
export function errorText(error: unknown, fallback: string): string {
  const message = (error as { userMessage?: unknown } | null)?.userMessage;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
