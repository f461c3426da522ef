// The filters, edited as a draft and applied together with «Buscar» (one request, not one per keystroke).
import { useState, type FormEvent } from 'react';
import { AUDITED_TABLES, auditedTableLabels } from '@/api/audit/audit-api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { AuditSearch } from './audit-search';
import { m } from './messages';

type Filters = Pick<AuditSearch, 'tabla' | 'persona' | 'registro' | 'desde' | 'hasta'>;
const NONE: Filters = {
  tabla: undefined,
  persona: undefined,
  registro: undefined,
  desde: undefined,
  hasta: undefined,
};

export function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState({
    tabla: search.tabla ?? '',
    persona: search.persona ?? '',
    registro: search.registro ?? '',
    desde: search.desde ?? '',
    hasta: search.hasta ?? '',
  });
  const set = (key: keyof typeof draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({
      tabla: (draft.tabla || undefined) as Filters['tabla'],
      persona: draft.persona.trim() || undefined,
      registro: draft.registro.trim() || undefined,
      desde: draft.desde || undefined,
      hasta: draft.hasta || undefined,
    });
  };
  return (
    <form aria-label={m.filters} onSubmit={submit} className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-table">{m.table}</Label>
        <NativeSelect id="audit-table" value={draft.tabla} onChange={set('tabla')}>
          <option value="">{m.anyTable}</option>
          {AUDITED_TABLES.map((t) => (
            <option key={t} value={t}>
              {auditedTableLabels[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-person">{m.person}</Label>
        <Input id="audit-person" type="email" autoComplete="off" value={draft.persona} onChange={set('persona')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-record">{m.record}</Label>
        <Input id="audit-record" autoComplete="off" value={draft.registro} onChange={set('registro')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-from">{m.from}</Label>
        <Input id="audit-from" type="date" value={draft.desde} onChange={set('desde')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-to">{m.to}</Label>
        <Input id="audit-to" type="date" value={draft.hasta} onChange={set('hasta')} />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit">{m.search}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft({
              tabla: '',
              persona: '',
              registro: '',
              desde: '',
              hasta: '',
            });
            onApply(NONE);
          }}
        >
          {m.clear}
        </Button>
      </div>
    </form>
  );
}
