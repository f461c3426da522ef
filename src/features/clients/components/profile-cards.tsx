// The record's head: contact data, the place in the network (enroller, depth, upline), the month
// (level, points, activity) and the balances. Figures come from the database, formatted here.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ClientProfile } from '@/api/clients/clients-api';
import { membersQueries } from '@/api/members/members-queries';
import { rewardsQueries } from '@/api/rewards/rewards-queries';
import { StarLevel } from '@/components/network/person-details';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, pathTo } from '@/config/paths';
import { useFormat } from '@/lib/format/use-format';
import { m } from '../messages';
import { EmailCheckNotice } from './email-check';

// wip/why's «Cambiar enrolador» (superadmin only): loaded with the record, rendered beside the enroller.
const ChangeEnrollerButton = lazy(() => import('../enroller/change-enroller-button'));

const linkClass = 'text-primary underline-offset-4 hover:underline';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

const orNone = (value: string | null) => value || <span className="text-muted-foreground">{m.none}</span>;

export function ContactCard({ profile: p }: { profile: ClientProfile }) {
  const f = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{m.profileTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5" data-testid="client-contact">
          <Row label={m.email}>{p.email}</Row>
          <Row label={m.phone}>
            <span data-testid="client-phone">{orNone(p.phone)}</span>
          </Row>
          <Row label={m.document}>{orNone(p.document_number)}</Row>
          <Row label={m.address}>{orNone(p.address)}</Row>
          <Row label={m.city}>{orNone(p.city)}</Row>
          <Row label={m.slug}>
            {p.slug ? (
              <Link to={pathTo(paths.landing, { slug: p.slug })} className={linkClass}>
                /p/{p.slug}
              </Link>
            ) : (
              orNone(null)
            )}
          </Row>
          <Row label={m.colJoined}>{p.joined_at ? f.date(p.joined_at) : orNone(null)}</Row>
        </dl>
        <EmailCheckNotice profile={p} />
        {!p.has_login && <p className="mt-3 text-xs text-muted-foreground">{m.noLogin}</p>}
      </CardContent>
    </Card>
  );
}

export function NetworkPlaceCard({ profile: p }: { profile: ClientProfile }) {
  const f = useFormat();
  const enroller = p.upline.at(-1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{m.networkTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5">
          <Row label={m.enroller}>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {enroller ? (
                <Link to={pathTo(paths.clientDetail, { id: enroller.id })} className={linkClass} data-testid="client-enroller">
                  {enroller.name}
                </Link>
              ) : (
                m.noEnroller
              )}
              <Suspense fallback={null}>
                <ChangeEnrollerButton clientId={p.id} />
              </Suspense>
            </span>
          </Row>
          <Row label={m.depth}>{m.depthValue(p.depth)}</Row>
          <Row label={m.directEnrollees}>{f.count(p.direct_enrollees)}</Row>
        </dl>
        {p.upline.length > 0 && (
          <div className="mt-3">
            <h3 className="text-sm text-muted-foreground">
              {m.upline} <span className="text-xs">({m.uplineHint})</span>
            </h3>
            <ol className="mt-1 flex flex-wrap items-center gap-x-1 gap-y-1 text-sm" aria-label={m.upline}>
              {p.upline.map((u, i) => (
                <li key={u.id} className="flex items-center gap-1">
                  {i > 0 && (
                    <span aria-hidden="true" className="text-muted-foreground">
                      ›
                    </span>
                  )}
                  <Link to={pathTo(paths.clientDetail, { id: u.id })} className={linkClass}>
                    {u.name}
                  </Link>
                </li>
              ))}
            </ol>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function MonthCard({ clientId }: { clientId: string }) {
  const f = useFormat();
  const month = useQuery(membersQueries.month({ clientId, month: null }));
  const balance = useQuery(rewardsQueries.balance(clientId));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold first-letter:uppercase">{month.data ? f.month(month.data.month) : m.monthTitle}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {month.isError ? (
          <ErrorState title={m.monthFailed} error={month.error} onRetry={() => month.refetch()} retrying={month.isFetching} />
        ) : !month.data ? (
          <Skeleton className="h-20 w-full" />
        ) : (
          <dl className="flex flex-col gap-2.5" data-testid="client-month">
            <Row label={m.starLevel}>
              <StarLevel level={month.data.star_level} /> {month.data.star_name}
            </Row>
            <Row label={m.personalPoints}>
              <span className="tabular-nums">{m.pointsOf(f.points(month.data.personal_points), f.points(month.data.activity_points))}</span>{' '}
              <span className={month.data.is_active ? 'text-tone-green-foreground' : 'text-muted-foreground'}>
                · {month.data.is_active ? m.active : m.inactive}
              </span>
            </Row>
            <Row label={m.groupPoints}>
              <span className="tabular-nums">{f.points(month.data.group_points)}</span>
            </Row>
          </dl>
        )}
        <div>
          <h3 className="mb-2 text-sm font-medium">{m.balancesTitle}</h3>
          {balance.isError ? (
            <ErrorState error={balance.error} onRetry={() => balance.refetch()} retrying={balance.isFetching} />
          ) : !balance.data ? (
            <Skeleton className="h-12 w-full" />
          ) : (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2" data-testid="client-balances">
              {(
                [
                  [m.available, balance.data.available],
                  [m.pending, balance.data.pending],
                  [m.reserved, balance.data.reserved],
                  [m.paid, balance.data.paid],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">{f.money(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
