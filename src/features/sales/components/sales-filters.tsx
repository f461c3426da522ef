// The list's filters: states (several at once), kind, the sale's date range and the member. Each
// change goes to the URL (page 1); the member is chosen by searching and shown by name.
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId } from 'react';
import { clientsQueries } from '@/api/clients/clients-queries';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { saleKindLabels } from '@/lib/data/domain';
import { cn } from '@/lib/utils';
import { m } from '../messages';
import { KIND_SLUGS, kindOfSlug, STATUS_SLUGS, statusOfSlug, type KindSlug, type SalesSearch, type StatusSlug } from '../sales-search';
import { MemberSearch } from '@/components/member-search';

type FilterPatch = Partial<Pick<SalesSearch, 'estado' | 'tipo' | 'desde' | 'hasta' | 'miembro'>>;

interface Props {
  values: SalesSearch;
  onChange: (patch: FilterPatch) => void;
  /** The database refused the date range: said beside the dates. */
  dateError?: string | null;
}

export function SalesFilters({ values, onChange, dateError }: Props) {
  const ids = { kind: useId(), from: useId(), to: useId(), dates: useId() };
  const toggle = (slug: StatusSlug) =>
    onChange({
      estado: values.estado.includes(slug) ? values.estado.filter((s) => s !== slug) : STATUS_SLUGS.filter((s) => s === slug || values.estado.includes(s)),
    });
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{m.statusFilter}</legend>
        <div className="flex flex-wrap gap-2">
          {STATUS_SLUGS.map((slug) => {
            const on = values.estado.includes(slug);
            return (
              <button
                key={slug}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(slug)}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
                )}
              >
                {statusOfSlug[slug]}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(16rem,2fr)] lg:items-start">
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={ids.kind} className="text-sm font-medium">
            {m.kindFilter}
          </label>
          <NativeSelect id={ids.kind} value={values.tipo ?? ''} onChange={(e) => onChange({ tipo: (e.target.value || undefined) as KindSlug | undefined })}>
            <option value="">{m.anyKind}</option>
            {KIND_SLUGS.map((k) => (
              <option key={k} value={k}>
                {saleKindLabels[kindOfSlug[k]]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.from} className="text-sm font-medium">
            {m.from}
          </label>
          <Input
            id={ids.from}
            type="date"
            value={values.desde ?? ''}
            max={values.hasta}
            aria-invalid={!!dateError || undefined}
            aria-describedby={dateError ? ids.dates : undefined}
            onChange={(e) => onChange({ desde: e.target.value || undefined })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.to} className="text-sm font-medium">
            {m.to}
          </label>
          <Input
            id={ids.to}
            type="date"
            value={values.hasta ?? ''}
            min={values.desde}
            aria-invalid={!!dateError || undefined}
            aria-describedby={dateError ? ids.dates : undefined}
            onChange={(e) => onChange({ hasta: e.target.value || undefined })}
          />
        </div>
        <div className="col-span-2 lg:col-span-1">
          {values.miembro ? (
            <ChosenMember id={values.miembro} onClear={() => onChange({ miembro: undefined })} />
          ) : (
            <MemberSearch label={m.memberFilter} onPick={(member) => onChange({ miembro: member.id })} />
          )}
        </div>
        {dateError && (
          <p id={ids.dates} role="alert" className="col-span-2 text-sm font-medium text-tone-red-foreground lg:col-span-4">
            {dateError}
          </p>
        )}
      </div>
    </div>
  );
}

function ChosenMember({ id, onClear }: { id: string; onClear: () => void }) {
  const profile = useQuery(clientsQueries.profile(id));
  const name = profile.data?.name ?? (profile.isError ? m.memberFilter : '…');
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{m.memberFilter}</span>
      <div className="flex h-9 items-center justify-between gap-2 rounded-md border bg-muted/40 pr-1 pl-3 text-sm">
        <span className="truncate font-medium">{name}</span>
        <Button variant="ghost" size="icon" className="size-7" aria-label={m.memberClear(name)} onClick={onClear}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
