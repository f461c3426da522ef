// The filters, edited as a draft and applied together with «Buscar» (one request, not one per keystroke).
import { z } from 'zod/mini';
import { AUDITED_TABLES, auditedTableLabels, type AuditedTable } from '@/api/audit/audit-api';
import { Form, FormField } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { AuditSearch } from './audit-search';
import { m } from './messages';

type Filters = Pick<AuditSearch, 'tabla' | 'persona' | 'registro' | 'desde' | 'hasta'>;

const draftSchema = z.object({ tabla: z.string(), persona: z.string(), registro: z.string(), desde: z.string(), hasta: z.string() });
const EMPTY = { tabla: '', persona: '', registro: '', desde: '', hasta: '' };
const NONE: Filters = { tabla: undefined, persona: undefined, registro: undefined, desde: undefined, hasta: undefined };

export function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (filters: Filters) => void }) {
  const form = useAppForm(draftSchema, {
    defaultValues: {
      tabla: search.tabla ?? '',
      persona: search.persona ?? '',
      registro: search.registro ?? '',
      desde: search.desde ?? '',
      hasta: search.hasta ?? '',
    },
  });
  // What is typed, as the URL takes it: an empty field is no filter.
  const submit = useFormSubmit(form, (draft) =>
    onApply({
      tabla: (draft.tabla || undefined) as AuditedTable | undefined,
      persona: draft.persona.trim() || undefined,
      registro: draft.registro.trim() || undefined,
      desde: draft.desde || undefined,
      hasta: draft.hasta || undefined,
    }),
  );
  return (
    <Form form={form} onSubmit={submit} aria-label={m.filters} className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3">
      <FormField name="tabla" label={m.table} controlId="audit-table">
        <NativeSelect>
          <option value="">{m.anyTable}</option>
          {AUDITED_TABLES.map((t) => (
            <option key={t} value={t}>
              {auditedTableLabels[t]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField name="persona" label={m.person} controlId="audit-person">
        <Input type="email" autoComplete="off" />
      </FormField>
      <FormField name="registro" label={m.record} controlId="audit-record">
        <Input autoComplete="off" />
      </FormField>
      <FormField name="desde" label={m.from} controlId="audit-from">
        <Input type="date" />
      </FormField>
      <FormField name="hasta" label={m.to} controlId="audit-to">
        <Input type="date" />
      </FormField>
      <div className="flex items-end gap-2">
        <Button type="submit">{m.search}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY);
            onApply(NONE);
          }}
        >
          {m.clear}
        </Button>
      </div>
    </Form>
  );
}
