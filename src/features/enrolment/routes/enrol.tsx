import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/error-state';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { EnrolForm, type EnrolmentSent } from '../components/enrol-form';
import { EnrolmentSentPanel } from '../components/enrolment-sent';
import { MyEnrolments } from '../components/my-enrolments';

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
            <EnrolForm key={formKey} clientId={member.id} onSent={setSent} />
          )}
          <MyEnrolments onStart={goToForm} />
        </div>
      ) : (
        <ErrorState title="No encontramos tu ficha de miembro." />
      )}
    </>
  );
}
