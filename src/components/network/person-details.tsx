// What every person in the network shows: activity (and risk) as words, not only colour; their level;
// and the contact data the database sent, which it sends only for the member's direct enrollees.
import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { NetworkPerson } from '@/api/network/network-api';
import { Badge } from '@/components/ui/badge';
import { m } from './messages';
import { whatsappHref } from './whatsapp';

export function ActivityBadges({ person }: { person: Pick<NetworkPerson, 'is_active' | 'at_risk'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={person.is_active ? 'green' : 'gray'}>{person.is_active ? m.statusActive : m.statusInactive}</Badge>
      {person.at_risk && (
        <Badge tone="amber" title={m.atRiskHint}>
          {m.statusAtRisk}
        </Badge>
      )}
    </span>
  );
}

export function StarLevel({ level }: { level: number }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className="sr-only">{m.levelWord} </span>
      <span aria-hidden="true">★</span>
      {level}
    </span>
  );
}

export function ContactLinks({ person }: { person: Pick<NetworkPerson, 'name' | 'email' | 'phone'> }) {
  const { name, email, phone } = person;
  if (!email && !phone) return null;
  const whatsapp = phone ? whatsappHref(phone) : null;
  const link =
    'inline-flex min-h-8 items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {whatsapp && (
        <a className={link} href={whatsapp} target="_blank" rel="noreferrer" aria-label={m.whatsappTo(name)}>
          <MessageCircle className="size-4" aria-hidden="true" />
          {m.whatsapp}
        </a>
      )}
      {phone && (
        <a className={link} href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={m.callTo(name)}>
          <Phone className="size-4" aria-hidden="true" />
          <span className="tabular-nums">{phone}</span>
        </a>
      )}
      {email && (
        <a className={`${link} min-w-0 break-all`} href={`mailto:${email}`} aria-label={m.mailTo(name)}>
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {email}
        </a>
      )}
    </span>
  );
}
