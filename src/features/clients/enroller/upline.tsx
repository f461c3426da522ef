import type { PersonRef } from '@/api/clients-why/why-api';
import { enrollerMessages as m } from './messages';

/** An upline, nearest first: «Ana ← Luis ← Marta». */
export function Upline({ label, people }: { label: string; people: PersonRef[] }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      {people.length === 0 ? (
        <p className="text-sm">{m.noUpline}</p>
      ) : (
        <ol className="flex flex-wrap items-center gap-x-1 text-sm" aria-label={label}>
          {people.map((p, i) => (
            <li key={p.id} className={i === 0 ? 'font-medium' : undefined}>
              {i > 0 && (
                <span aria-hidden="true" className="mr-1 text-muted-foreground">
                  ←
                </span>
              )}
              {p.name}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
