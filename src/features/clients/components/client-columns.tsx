// The list's columns: who (name, e-mail and a link to their record), document, city, level, this
// month's activity, enrolment state, joining date and enroller. Name, level and date sort.
import { Link } from 'react-router';
import { enrollmentStatusLabels, type MemberRow } from '@/api/clients/clients-api';
import { StarLevel } from '@/components/network/person-details';
import { Badge } from '@/components/ui/badge';
import { dataTableColumns } from '@/components/ui/data-table-columns';
import { paths, pathTo } from '@/config/paths';
import { m } from '../messages';
import { DateCell } from './client-cells';

const col = dataTableColumns<MemberRow>();

export const clientColumns = col.columns([
  col.accessor('name', {
    id: 'nombre',
    header: m.colName,
    enableSorting: true,
    cell: (c) => (
      <span className="flex min-w-0 flex-col max-sm:items-end">
        <Link to={pathTo(paths.clientDetail, { id: c.row.original.id })} className="font-medium text-primary underline-offset-4 hover:underline">
          {c.getValue()}
        </Link>
        <span className="text-xs break-all text-muted-foreground">{c.row.original.email}</span>
      </span>
    ),
  }),
  col.accessor('document_number', { header: m.colDocument, meta: { hideOnMobile: true, skeleton: 'short' }, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('city', { header: m.colCity, meta: { skeleton: 'short' }, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('star_level', {
    id: 'nivel',
    header: m.colLevel,
    enableSorting: true,
    meta: { skeleton: 'short' },
    cell: (c) => <StarLevel level={c.getValue()} />,
  }),
  col.accessor('is_active', {
    header: m.colActivity,
    meta: { skeleton: 'badge' },
    cell: (c) => <Badge tone={c.getValue() ? 'green' : 'gray'}>{c.getValue() ? m.active : m.inactive}</Badge>,
  }),
  col.accessor('enrollment_status', {
    header: m.colStatus,
    meta: { skeleton: 'badge', hideOnMobile: true },
    cell: (c) => (
      <Badge tone={c.getValue() === 'registered' ? 'blue' : c.getValue() === 'pending' ? 'amber' : 'gray'}>{enrollmentStatusLabels[c.getValue()]}</Badge>
    ),
  }),
  col.accessor('joined_at', {
    id: 'ingreso',
    header: m.colJoined,
    enableSorting: true,
    meta: { skeleton: 'short' },
    cell: (c) => <DateCell value={c.getValue()} />,
  }),
  col.accessor('enroller_name', { header: m.colEnroller, meta: { hideOnMobile: true }, cell: (c) => c.getValue() ?? '—' }),
]);
