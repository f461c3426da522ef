// The rows of a close, as the preview announces them and as a closed month lists what its close wrote:
// what (a badge), who, the figure (the amount, a dash where it is finance's, or the level change) and
// why; a table from md up, cards on a phone.
import type { ClosePreviewRow } from '@/api/periods/periods-api';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormat } from '@/lib/format/use-format';
import { m } from './messages';

const actionTones: Record<ClosePreviewRow['action'], BadgeTone> = {
  forfeit: 'red',
  bonus_volume: 'green',
  level_up: 'violet',
};

const rowKey = (row: ClosePreviewRow) => `${row.action}-${row.client_id}-${row.ledger_id ?? ''}`;

/** A row's figure: the level change, the amount, or a dash where the amount is finance's. */
function RowFigure({ row }: { row: ClosePreviewRow }) {
  const f = useFormat();
  if (row.action === 'level_up') return <>{m.level(row.level_from, row.level_to)}</>;
  if (row.amount === null)
    return (
      <span title={m.amountUnavailable}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{m.amountUnavailable}</span>
      </span>
    );
  return <>{f.money(row.amount)}</>;
}

export function CloseRows({ rows, label }: { rows: ClosePreviewRow[]; label: string }) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHead>{m.colAction}</TableHead>
              <TableHead>{m.colMember}</TableHead>
              <TableHead className="text-right">{m.colAmount}</TableHead>
              <TableHead>{m.colDetail}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                <TableCell>
                  <Badge tone={actionTones[row.action]}>{m.actions[row.action]}</Badge>
                </TableCell>
                <TableCell className="font-medium">{row.client_name}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  <RowFigure row={row} />
                </TableCell>
                <TableCell className="min-w-64 text-sm text-muted-foreground">{row.detail}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label={label} className="flex flex-col divide-y rounded-lg border md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="flex flex-col gap-1.5 p-3">
            <div className="flex items-center justify-between gap-2">
              <Badge tone={actionTones[row.action]}>{m.actions[row.action]}</Badge>
              <span className="font-medium whitespace-nowrap tabular-nums">
                <RowFigure row={row} />
              </span>
            </div>
            <span className="font-medium">{row.client_name}</span>
            <p className="text-sm text-muted-foreground">{row.detail}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
