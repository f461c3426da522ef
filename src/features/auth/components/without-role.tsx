// A signed-in person without a role. Google lets in a pending or rejected enrolment too (the
// before_user_created hook), so before saying «sin acceso» the database is asked whether this
// address has an enrolment under way: then the person reads where it stands and what comes next.
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { enrolmentQueries } from '@/api/enrolment/enrolment-queries';
import { authMessages } from '../messages';
import { EnrolmentUnderWay } from './enrolment-under-way';
import { NoAccess } from './no-access';
import { SignOutButton } from './sign-out-button';

export default function WithoutRole({ email }: { email: string }) {
  const own = useQuery(enrolmentQueries.own());
  if (own.isPending) {
    return (
      <Card className="shadow-lg">
        <CardContent className="py-10">
          <Spinner label={authMessages.enrolmentLoading} />
        </CardContent>
      </Card>
    );
  }
  if (own.isError) {
    return (
      <Card className="shadow-lg">
        <CardContent className="flex flex-col gap-2">
          <ErrorState error={own.error} onRetry={() => own.refetch()} retrying={own.isFetching} />
          <SignOutButton />
        </CardContent>
      </Card>
    );
  }
  if (!own.data) return <NoAccess email={email} />;
  return <EnrolmentUnderWay enrolment={own.data} email={email} />;
}
