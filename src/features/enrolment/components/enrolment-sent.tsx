// After «Enviar enrolamiento»: what happened and what comes next, with the way to enrol someone else.
import { CircleCheck, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format/format';
import { enrolMessages as m } from '../messages';
import type { EnrolmentSent } from './enrol-form';

export function EnrolmentSentPanel({ sent, onAnother }: { sent: EnrolmentSent; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="enrolment-sent-title"
      className="flex flex-col items-start gap-3 rounded-xl border border-tone-green-foreground/25 bg-tone-green p-4 text-tone-green-foreground sm:p-6"
    >
      <h2 id="enrolment-sent-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
        <CircleCheck className="size-5" aria-hidden="true" />
        {m.sentTitle}
      </h2>
      <p>{m.sentBody(sent.name, formatCount(sent.saleNo))}</p>
      <p className="break-words">{m.sentNext(sent.email)}</p>
      <Button variant="outline" onClick={onAnother} className="bg-background text-foreground">
        <UserPlus aria-hidden="true" />
        {m.enrolAnother}
      </Button>
    </section>
  );
}
