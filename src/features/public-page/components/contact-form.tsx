// The public page's contact form: the one form not on the kit's useAppForm (src/components/form).
// /p/{slug} is the first page anyone sees, often on a phone, and its first load has a budget of
// 150 kB gzip (bench/route-budgets.mjs) and it weighs ≈ 138 kB (bench/README.md): react-hook-form
// alone would take most of the 12 kB left, before zod. Five fields need neither: it checks them by
// hand (lead-rules.ts, the same limits as submit_lead) and takes from the kit what carries no
// library: where a refusal belongs (refusedFields) and the form's alert (FormAlert).
import { CircleCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useSubmitLead } from '@/api/public-page/public-page-mutations';
import { FormAlert } from '@/components/form/form-alert';
import { refusedFields } from '@/components/form/refusal';
import { Button } from '@/components/ui/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldGroup, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toDbError } from '@/lib/data/db';
import { publicPageMessages as m } from '../messages';
import { EMPTY_LEAD, LEAD_LIMITS, LEAD_REFUSALS, validateLead, type LeadErrors, type LeadValues } from './lead-rules';

interface ContactFormProps {
  slug: string;
  memberName: string;
  companyName: string;
}

export function ContactForm({ slug, memberName, companyName }: ContactFormProps) {
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [thankedName, setThankedName] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmitLead();

  const set = <K extends keyof LeadValues>(key: K, value: LeadValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus());

  const thank = (name: string) => {
    setThankedName(name);
    setValues(EMPTY_LEAD);
    requestAnimationFrame(() => thanksRef.current?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validateLead(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    const name = values.name.trim();
    // Only a bot fills in the hidden field: it is thanked and nothing is sent.
    if (values.website.trim() !== '') return thank(name);
    submit.mutate(
      { slug, name: values.name, email: values.email, phone: values.phone, message: values.message, consent: values.consent },
      {
        onSuccess: () => thank(name),
        onError: (error) => {
          const refusal = toDbError(error);
          const [field] = refusedFields(refusal, LEAD_REFUSALS);
          if (field) setErrors({ [field]: refusal.userMessage });
          else setFormError(refusal.userMessage);
          focusFirstInvalid();
        },
      },
    );
  };

  if (thankedName !== null) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
        <CircleCheck className="size-8 text-primary" aria-hidden="true" />
        <h3 ref={thanksRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {m.thanksTitle(thankedName)}
        </h3>
        <p className="text-sm text-muted-foreground">{m.thanksDescription(memberName)}</p>
        <Button variant="outline" onClick={() => setThankedName(null)}>
          {m.sendAnother}
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="formulario"
      className="relative rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="mb-5 flex flex-col gap-1">
        <h3 id="formulario" className="text-lg font-semibold">
          {m.formTitle(memberName)}
        </h3>
        <p className="text-sm text-muted-foreground">{m.formDescription}</p>
      </div>
      <FieldGroup>
        <Field error={errors.name}>
          <FieldLabel>{m.name}</FieldLabel>
          <FieldControl>
            <Input name="name" autoComplete="name" maxLength={LEAD_LIMITS.nameMax} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </FieldControl>
          <FieldError />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field error={errors.email}>
            <FieldLabel>{m.email}</FieldLabel>
            <FieldControl>
              <Input
                name="email"
                type="email"
                autoComplete="email"
                maxLength={LEAD_LIMITS.email}
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
              />
            </FieldControl>
            <FieldDescription>{m.contactHint}</FieldDescription>
            <FieldError />
          </Field>
          <Field error={errors.phone}>
            <FieldLabel>{m.phone}</FieldLabel>
            <FieldControl>
              <Input
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={LEAD_LIMITS.phone}
                value={values.phone}
                onChange={(e) => set('phone', e.target.value)}
              />
            </FieldControl>
            <FieldError />
          </Field>
        </div>
        <Field error={errors.message}>
          <FieldLabel>{m.messageOptional}</FieldLabel>
          <FieldControl>
            <Textarea name="message" rows={4} maxLength={LEAD_LIMITS.message} value={values.message} onChange={(e) => set('message', e.target.value)} />
          </FieldControl>
          <FieldError />
        </Field>
        {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor="lead-website">{m.honeypot}</label>
          <input
            id="lead-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => set('website', e.target.value)}
          />
        </div>
        <Field error={errors.consent} orientation="horizontal" className="flex-nowrap items-start gap-3">
          <FieldControl>
            <input
              type="checkbox"
              name="consent"
              checked={values.consent}
              onChange={(e) => set('consent', e.target.checked)}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
          </FieldControl>
          <div className="flex flex-col gap-2">
            <FieldLabel className="leading-snug font-normal">{m.consent(memberName, companyName)}</FieldLabel>
            <FieldError />
          </div>
        </Field>
        <FormAlert message={formError} data-form-error />
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-fit">
          {submit.isPending ? m.sending : m.send}
        </Button>
      </FieldGroup>
    </form>
  );
}
