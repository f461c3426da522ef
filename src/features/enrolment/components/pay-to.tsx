// Where to pay for the kit: the company's payment details from the settings, a line each.
import { useAppSettings } from '@/lib/data/app-settings';
import { enrolMessages as m } from '../messages';

export function PayTo() {
  const settings = useAppSettings();
  const lines = settings.payment_details
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <section aria-labelledby="enrol-pay-to" className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
      <h3 id="enrol-pay-to" className="font-medium">
        {m.payTo(settings.company_name)}
      </h3>
      {lines.length > 0 ? (
        <>
          <p className="text-muted-foreground">{m.payToHint}</p>
          <ul className="flex flex-col gap-1">
            {lines.map((line, i) => (
              <li key={i} className="rounded-md bg-background px-3 py-2 break-words select-all">
                {line}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">{m.noPaymentDetails}</p>
          <p className="whitespace-pre-line">{settings.contact_info}</p>
        </>
      )}
    </section>
  );
}
