// One change: when, what, who (and through which database role), a link to the record, and its
// values before and after side by side, the changed keys first and marked.
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { auditedTableLabels, type AuditEntry, type AuditedTable } from '@/api/audit/audit-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { paths, pathTo } from '@/config/paths';
import type { Json } from '@/lib/database.types';
import { useFormat } from '@/lib/format/use-format';
import { cn } from '@/lib/utils';
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

function show(value: Json | undefined): string {
  if (value === undefined || value === null) return m.empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function who(entry: AuditEntry): string {
  if (entry.actor_email) return entry.actor_email;
  return entry.db_role === 'postgres' ? m.operator(entry.db_role) : m.system(entry.db_role);
}

export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const f = useFormat();
  const table = auditedTableLabels[entry.table_name as AuditedTable] ?? entry.table_name;
  const href = recordHref(entry);
  const keys = Object.keys({ ...entry.old_values, ...entry.new_values }).sort();
  const changed = new Set(entry.changed_keys);
  const unchanged = keys.filter((k) => !changed.has(k));
  return (
    <article
      aria-label={m.entryLabel(m.actions[entry.action], table, f.dateTime(entry.occurred_at))}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone={actionTones[entry.action]}>{m.actions[entry.action]}</Badge>
        <span className="font-medium">{table}</span>
        <time dateTime={entry.occurred_at} className="text-muted-foreground">
          {f.dateTime(entry.occurred_at)}
        </time>
        <span className="[overflow-wrap:anywhere]">
          {who(entry)}
          {entry.actor_role && entry.actor_email && <span className="text-muted-foreground"> · {entry.actor_role}</span>}
          {entry.actor_email && <span className="text-muted-foreground"> · {m.via(entry.db_role)}</span>}
        </span>
        {href ? (
          <Link to={href} className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline focus-visible:underline">
            {m.openRecord}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </Link>
        ) : (
          entry.row_id && <code className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{entry.row_id}</code>
        )}
      </header>
      <ValuesTable entry={entry} keys={keys.filter((k) => changed.has(k))} highlight={entry.action === 'UPDATE'} />
      {unchanged.length > 0 && entry.action === 'UPDATE' && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{m.unchanged(unchanged.length)}</summary>
          <ValuesTable entry={entry} keys={unchanged} />
        </details>
      )}
    </article>
  );
}

function ValuesTable({ entry, keys, highlight = false }: { entry: AuditEntry; keys: string[]; highlight?: boolean }) {
  if (keys.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
              {m.field}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {m.before}
            </th>
            <th scope="col" className="py-1 font-medium">
              {m.after}
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key} className={cn('border-t align-top', highlight && 'bg-tone-amber/40')}>
              <th scope="row" className="py-1 pr-2 text-left font-mono text-xs font-normal [overflow-wrap:anywhere]">
                {key}
                {highlight && <span className="sr-only"> ({m.changed})</span>}
              </th>
              <td className="py-1 pr-2 [overflow-wrap:anywhere]">{show(entry.old_values?.[key])}</td>
              <td className={cn('py-1 [overflow-wrap:anywhere]', highlight && 'font-medium')}>{show(entry.new_values?.[key])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
