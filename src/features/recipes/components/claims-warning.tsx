import { TriangleAlert } from 'lucide-react';
import { m } from '../messages';

/** The non-blocking warning about therapeutic claims; announced politely as it appears. */
export function ClaimsWarning({ words }: { words: string[] }) {
  return (
    <div role="status" aria-live="polite">
      {words.length > 0 && (
        <div className="flex gap-2 rounded-md border border-tone-amber-foreground/30 bg-tone-amber p-3 text-sm text-tone-amber-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{m.claimsTitle}</p>
            <p>{m.claimsText(words)}</p>
          </div>
        </div>
      )}
    </div>
  );
}
