// The recommendations in the database's ranking: what shows first (featured), then «y N más» and a
// button that opens the rest in place, so nothing that matched is hidden without saying so.
import { useId, useState } from 'react';
import type { HealthAnalysis, HealthRecommendation } from '@/api/health/health-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { m } from '../messages';
import { splitRecommendations } from './analysis-text';

export function RecommendationList({ analysis }: { analysis: HealthAnalysis }) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const { featured, more } = splitRecommendations(analysis);
  return (
    <>
      <p className="text-sm text-muted-foreground">{m.recommendationsHint}</p>
      <ul className="flex flex-col gap-2" aria-label={m.recommendations}>
        {featured.map((r) => (
          <Item key={`${r.kind}-${r.id}`} r={r} />
        ))}
      </ul>
      {more.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span className="font-medium">{m.andMore(more.length)}</span>
            <Button variant="link" className="h-auto p-0" aria-expanded={open} aria-controls={moreId} onClick={() => setOpen((v) => !v)}>
              {open ? m.showLess : m.showMore(more.length)}
            </Button>
          </p>
          <ul id={moreId} hidden={!open} className="flex flex-col gap-2" aria-label={m.andMore(more.length)}>
            {more.map((r) => (
              <Item key={`${r.kind}-${r.id}`} r={r} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function Item({ r }: { r: HealthRecommendation }) {
  return (
    <li className="rounded-lg border bg-card p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={r.kind === 'product' ? 'green' : 'blue'}>{r.kind === 'product' ? m.product : m.recipe}</Badge>
        <span className="font-medium break-words">{r.name}</span>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{r.reason}</p>
    </li>
  );
}
