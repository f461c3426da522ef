import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { EnrollerCandidate } from '@/api/clients-why/why-api';
import { clientsWhyQueries } from '@/api/clients-why/why-queries';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/feedback/error-text';
import { useDebounced } from '@/lib/hooks/use-debounced';
import { cn } from '@/lib/utils';
import { enrollerMessages as m } from './messages';

/** Finds the new enroller among approved members (by name or e-mail, in the database). */
export function CandidateSearch({ selected, onSelect }: { selected: EnrollerCandidate | null; onSelect: (c: EnrollerCandidate) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const listId = useId();
  const found = useQuery({ ...clientsWhyQueries.enrollerCandidates(search), enabled: search.length >= 2 });
  return (
    <div className="flex flex-col gap-2">
      <Field>
        <FieldLabel>{m.search}</FieldLabel>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <FieldControl>
            <Input
              type="search"
              className="pl-8"
              value={text}
              placeholder={m.searchPlaceholder}
              autoComplete="off"
              aria-controls={listId}
              onChange={(e) => setText(e.target.value)}
            />
          </FieldControl>
        </div>
        <FieldDescription>{m.searchHint}</FieldDescription>
      </Field>
      <div id={listId} aria-live="polite">
        {found.isError && <p className="text-sm text-destructive">{errorText(found.error, m.searchFailed)}</p>}
        {found.data && found.data.length === 0 && <p className="text-sm text-muted-foreground">{m.noCandidates}</p>}
        {found.data && found.data.length > 0 && (
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto" aria-label={m.candidates}>
            {found.data.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={selected?.id === c.id}
                  onClick={() => onSelect(c)}
                  className={cn(
                    'flex w-full cursor-pointer flex-col items-start rounded-md border px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    selected?.id === c.id && 'border-primary bg-primary/5',
                  )}
                >
                  <span className="font-medium">{c.name}</span>
                  <span className="max-w-full truncate text-xs text-muted-foreground">
                    {c.email}
                    {c.city ? ` · ${c.city}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
