// Where to pay: the company's payment details from the settings, one line each, each with a copy
// button (an account number is typed wrong more often than not).
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAppSettings } from '@/lib/data/app-settings';
import { orderMessages as m } from '../messages';
import { paymentLines } from '@/components/receipt/receipt-text';

export function PaymentDetails() {
  const settings = useAppSettings();
  const lines = paymentLines(settings.payment_details);
  return (
    <section aria-labelledby="pay-to" className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
      <div>
        <h3 id="pay-to" className="font-medium">
          {m.payTo(settings.company_name)}
        </h3>
        {lines.length > 0 && <p className="text-sm text-muted-foreground">{m.payToHint}</p>}
      </div>
      {lines.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {lines.map((line, i) => (
            <PaymentLine key={i} line={line} />
          ))}
        </ul>
      ) : (
        <div className="text-sm">
          <p className="text-muted-foreground">{m.noPaymentDetails}</p>
          <p className="mt-1 whitespace-pre-line">{settings.contact_info}</p>
        </div>
      )}
    </section>
  );
}

function PaymentLine({ line }: { line: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(line);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2500);
  };
  return (
    <li className="flex items-start justify-between gap-3 rounded-md bg-background px-3 py-2">
      <div className="min-w-0">
        <p className="text-sm break-words">{line}</p>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={m.copy(line)}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span className="hidden sm:inline">{state === 'copied' ? m.copied : 'Copiar'}</span>
      </Button>
    </li>
  );
}
