import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/error-state';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import type { EnrolmentSent } from '../components/enrol-form';
import { EnrolFormSkeleton } from '../components/enrol-form-skeleton';
import { EnrolmentSentPanel } from '../components/enrolment-sent';
import { MyEnrolments } from '../components/my-enrolments';

// The form (react-hook-form, its schema, the file picker) is fetched as soon as this page's code
// runs, in parallel with the first render, rather than in it: it keeps the route's first load
// within the member portal's budget (bench/route-budgets.mjs) while the list below renders.
const loadForm = () => import('../components/enrol-form');
void loadForm();
const EnrolForm = lazy(() => loadForm().then((module) => ({ default: module.EnrolForm })));

export default function EnrolPage() {
  const { user } = useSession();
  const member = user?.clientProfile;
  const [sent, setSent] = useState<EnrolmentSent | null>(null);
  // A new form each time, so enrolling another person starts clean.
  const [formKey, setFormKey] = useState(0);

  const goToForm = () => {
    setSent(null);
    requestAnimationFrame(() => document.getElementById('enrol-name')?.focus());
  };

  return (
    <>
      <PageHeader title={routeLabel(paths.enrol)} />
      {member ? (
        <div className="flex flex-col gap-10">
          {sent ? (
            <EnrolmentSentPanel
              sent={sent}
              onAnother={() => {
                setSent(null);
                setFormKey((k) => k + 1);
              }}
            />
          ) : (
            <Suspense fallback={<EnrolFormSkeleton />}>
              <EnrolForm key={formKey} clientId={member.id} onSent={setSent} />
            </Suspense>
          )}
          <MyEnrolments onStart={goToForm} />
        </div>
      ) : (
        <ErrorState title="No encontramos tu ficha de miembro." />
      )}
    </>
  );
}
