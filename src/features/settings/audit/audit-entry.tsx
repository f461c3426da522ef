// One change, as a person tells it: the database's sentence («Laura Gómez aprobó la venta #200 de
// Carlos Rodríguez»), when, the e-mail of who did it (the account behind the name), a link to the
// record where a screen shows it, and on demand the fields it changed: label, before → after.
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { auditedTableLabels, type AuditEntry, type AuditedTable } from '@/api/audit/audit-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { paths, pathTo } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { describeChanges } from './audit-fields';
import { m } from './messages';

const actionTones: Record<AuditEntry['action'], BadgeTone> = {
  INSERT: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
};

/** Where a screen shows the record, for the tables that have one. */
function recordHref(entry: AuditEntry): string | null {
  const id = entry.row_id;
  if (!id || entry.action === 'DELETE') return null;
  switch (entry.table_name) {
    case 'clients':
      return pathTo(paths.clientDetail, { id });
    case 'sales':
      return `${paths.sales}?${new URLSearchParams({ venta: id })}`;
    case 'products':
      return `${paths.products}?${new URLSearchParams({ producto: id })}`;
    case 'suppliers':
      return `${paths.suppliers}?${new URLSearchParams({ proveedor: id })}`;
    default:
      return null;
  }
}

export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const f = useFormat();
  const table = auditedTableLabels[entry.table_name as AuditedTable] ?? entry.table_name;
  const href = recordHref(entry);
  const changes = describeChanges(entry.changes, f);
  return (
    <article aria-label={entry.sentence} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
      <p className="font-medium [overflow-wrap:anywhere]">{entry.sentence}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <Badge tone={actionTones[entry.action]}>{m.actions[entry.action]}</Badge>
        <span>{table}</span>
        <time dateTime={entry.occurred_at}>{f.dateTime(entry.occurred_at)}</time>
        {entry.actor_email && <span className="[overflow-wrap:anywhere]">{entry.actor_email}</span>}
        {href && (
          <Link to={href} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline focus-visible:underline">
            {m.openRecord}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        )}
      </div>
      {changes.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-primary">{m.showChanges(changes.length)}</summary>
          <dl className="mt-2 flex flex-col divide-y rounded-md border">
            {changes.map((c) => (
              <div key={c.field} className="grid gap-1 p-2 sm:grid-cols-[minmax(8rem,1fr)_3fr] sm:gap-3">
                <dt className="font-medium">{c.label}</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {entry.action !== 'INSERT' && (
                    <>
                      <span className="text-muted-foreground">{c.before ?? m.empty}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only">{m.became} </span>
                    </>
                  )}
                  <span>{entry.action === 'DELETE' ? '' : (c.after ?? m.empty)}</span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </article>
  );
}
