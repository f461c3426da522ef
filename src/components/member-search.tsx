// Find a member by name, e-mail or document (search_members) and pick one: Ventas' filter and a
// direct sale's buyer, the member of a health analysis. The results are buttons under the box,
// reachable with Tab.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { MemberRow } from '@/api/clients/clients-api';
import { clientsQueries } from '@/api/clients/clients-queries';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/hooks/use-debounced';

const m = {
  placeholder: 'Nombre, correo o documento',
  searching: 'Buscando…',
  noMembers: 'Ningún miembro coincide.',
  memberResults: 'Miembros encontrados',
};

interface Props {
  label: string;
  /** Only registered members (a direct sale's buyer). */
  registeredOnly?: boolean;
  onPick: (member: MemberRow) => void;
  autoFocus?: boolean;
}

export function MemberSearch({ label, registeredOnly = false, onPick, autoFocus }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim());
  // An emptied box (a member was just picked) shows no results, without waiting for the pause.
  const query = text.trim() ? settled : '';
  const results = useQuery({
    ...clientsQueries.search({
      query,
      active: null,
      starLevel: null,
      status: registeredOnly ? 'registered' : null,
      city: null,
      sort: 'nombre',
      desc: false,
      page: 1,
      pageSize: 6,
    }),
    enabled: query.length >= 2,
  });
  const rows = query.length >= 2 ? results.data?.rows : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-8"
          value={text}
          maxLength={100}
          autoFocus={autoFocus}
          placeholder={m.placeholder}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {query.length >= 2 && (
        <div aria-live="polite" className="text-sm">
          {results.isFetching && !rows ? (
            <p className="px-1 py-2 text-muted-foreground">{m.searching}</p>
          ) : rows && rows.length === 0 ? (
            <p className="px-1 py-2 text-muted-foreground">{m.noMembers}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border bg-popover" aria-label={m.memberResults}>
              {rows?.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className="flex w-full flex-col items-start px-3 py-2 text-left outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
                    onClick={() => {
                      onPick(r);
                      setText('');
                    }}
                  >
                    <span className="font-medium">{r.name}</span>
                    <span className="text-xs break-all text-muted-foreground">
                      {r.email}
                      {r.document_number ? ` · ${r.document_number}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
