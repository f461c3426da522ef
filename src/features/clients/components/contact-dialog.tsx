// «Editar datos»: every contact field of the record in one form, saved by update_client_contact. The
// database validates each field; its refusal names the field (DETAIL), and the sentence shows there.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { ClientContact, ClientProfile } from '@/api/clients/clients-api';
import { useUpdateClientContact } from '@/api/clients/clients-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { m } from '../messages';

const FIELDS = ['name', 'email', 'phone', 'document_number', 'address', 'city', 'slug'] as const satisfies readonly (keyof ClientContact)[];
// No checks here: update_client_contact validates every field and its refusal names the one it refuses.
const contactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document_number: z.string(),
  address: z.string(),
  city: z.string(),
  slug: z.string(),
}) satisfies z.ZodMiniType<ClientContact>;

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
  const form = useAppForm(contactSchema, { defaultValues: contactOf(profile) });
  const submit = useFormSubmit(
    form,
    async (contact) => {
      await update.mutateAsync({ id: profile.id, contact });
      onDone();
    },
    { fields: { details: FIELDS } },
  );

  const text = (name: keyof ClientContact, label: string, props: React.ComponentProps<typeof Input> = {}, hint?: string) => (
    <FormField name={name} label={label} description={hint} controlId={`contact-${name}`}>
      <Input {...props} />
    </FormField>
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
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
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} cancelLabel={m.cancel} onCancel={onDone} />
    </Form>
  );
}
