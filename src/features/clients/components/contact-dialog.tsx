// «Editar datos»: every contact field of the record in one form, saved by update_client_contact. The
// database validates each field; its refusal names the field (DETAIL), and the sentence shows there.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ClientContact, ClientProfile } from '@/api/clients/clients-api';
import { useUpdateClientContact } from '@/api/clients/clients-mutations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DbError, userMessage } from '@/lib/data/db';
import { m } from '../messages';

const FIELDS = ['name', 'email', 'phone', 'document_number', 'address', 'city', 'slug'] as const satisfies readonly (keyof ClientContact)[];
const isField = (value: string | null): value is keyof ClientContact => (FIELDS as readonly string[]).includes(value ?? '');

const contactOf = (p: ClientProfile): ClientContact => ({
  name: p.name,
  email: p.email,
  phone: p.phone ?? '',
  document_number: p.document_number ?? '',
  address: p.address ?? '',
  city: p.city ?? '',
  slug: p.slug ?? '',
});

export function ContactDialog({ profile }: { profile: ClientProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          {m.edit}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.editTitle}</DialogTitle>
          <DialogDescription>{m.editDescription}</DialogDescription>
        </DialogHeader>
        {open && <ContactForm profile={profile} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ profile, onDone }: { profile: ClientProfile; onDone: () => void }) {
  const update = useUpdateClientContact();
  const form = useForm<ClientContact>({ defaultValues: contactOf(profile) });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (contact) => {
    setFormError(null);
    try {
      await update.mutateAsync({ id: profile.id, contact });
      onDone();
    } catch (error) {
      const field = error instanceof DbError ? error.details : null;
      if (isField(field)) form.setError(field, { message: userMessage(error) }, { shouldFocus: true });
      else setFormError(userMessage(error));
    }
  });

  const text = (name: keyof ClientContact, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <Field controlId={`contact-${name}`} error={errors[name]?.message}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        <Input {...props} {...form.register(name)} />
      </FieldControl>
      {hint && <FieldDescription>{hint}</FieldDescription>}
      <FieldError />
    </Field>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      {text('name', m.name, { autoComplete: 'off', required: true })}
      {text('email', m.email, { type: 'email', autoComplete: 'off', required: true }, m.emailHint)}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phone', m.phone, { type: 'tel', autoComplete: 'off' })}
        {text('document_number', m.document, { autoComplete: 'off' })}
      </div>
      {text('address', m.address, { autoComplete: 'off' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('city', m.city, { autoComplete: 'off' })}
        {text('slug', m.slug, { autoComplete: 'off', spellCheck: false })}
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{m.slugHint}</p>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
