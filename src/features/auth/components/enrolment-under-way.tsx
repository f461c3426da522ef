import { Hourglass, UserRoundX } from 'lucide-react';
import type { OwnEnrolment } from '@/api/enrolment/enrolment-api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format/use-format';
import { authMessages as m } from '../messages';
import { SignedInAs } from './no-access';
import { SignOutButton } from './sign-out-button';

/** A pending enrolment (what happens next) or one that ended, rejected or cancelled (why, and whom to ask). */
export function EnrolmentUnderWay({ enrolment, email }: { enrolment: OwnEnrolment; email: string }) {
  const f = useFormat();
  const pending = enrolment.status === 'pending';
  const cancelled = enrolment.status === 'cancelled';
  const firstName = enrolment.name.trim().split(/\s+/)[0] ?? enrolment.name;
  return (
    <Card className="shadow-lg" data-testid={`enrolment-${enrolment.status}`}>
      <CardHeader className="items-center text-center">
        <span
          className={
            pending
              ? 'mb-2 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
              : 'mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive'
          }
        >
          {pending ? <Hourglass className="size-6" aria-hidden="true" /> : <UserRoundX className="size-6" aria-hidden="true" />}
        </span>
        <CardTitle className="text-xl">
          <h1>{pending ? m.enrolmentPendingTitle : cancelled ? m.enrolmentCancelledTitle : m.enrolmentRejectedTitle}</h1>
        </CardTitle>
        <CardDescription className="text-base">
          {pending
            ? m.enrolmentPendingText(firstName, enrolment.enroller_name, f.date(enrolment.submitted_at))
            : (cancelled ? m.enrolmentCancelledText : m.enrolmentRejectedText)(
                firstName,
                enrolment.enroller_name,
                f.date(enrolment.rejected_at ?? enrolment.submitted_at),
              )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {pending ? (
          <section aria-labelledby="enrolment-next">
            <h2 id="enrolment-next" className="mb-2 font-semibold">
              {m.enrolmentNextTitle}
            </h2>
            <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
              {m.enrolmentNextSteps(enrolment.company_name).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ) : (
          enrolment.rejection_reason && (
            <p className="rounded-md border border-destructive/30 bg-destructive/5 p-3">
              <span className="font-semibold">{m.enrolmentRejectedReason}:</span> {enrolment.rejection_reason}
            </p>
          )
        )}
        <div>
          <p className="text-muted-foreground">
            {pending ? m.enrolmentPendingContact(enrolment.enroller_name) : m.enrolmentRejectedContact(enrolment.enroller_name, enrolment.company_name)}
          </p>
          <p className="mt-1 font-medium break-words whitespace-pre-line" data-testid="company-contact">
            {enrolment.contact_info}
          </p>
        </div>
        <div className="flex flex-col gap-3 text-center">
          <SignedInAs email={email} />
          <SignOutButton />
        </div>
      </CardContent>
    </Card>
  );
}
