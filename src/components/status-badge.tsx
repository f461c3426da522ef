// The state of a sale or a payout, in words and colour (never colour alone), with an icon for
// a quick scan. Each state has a colour of its own within its set.
import { Ban, CheckCheck, CircleCheck, Clock, PackageCheck, UserPlus, XCircle, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { payoutStatusLabels, type PayoutStatus, type SaleStatus } from '@/lib/data/domain';

interface Look {
  tone: BadgeTone;
  icon: LucideIcon;
}

const saleLooks: Record<SaleStatus, Look> = {
  'Pendiente de Aprobación': { tone: 'amber', icon: Clock },
  'Pendiente de Enrolamiento': { tone: 'violet', icon: UserPlus },
  Pagada: { tone: 'green', icon: CircleCheck },
  Entregada: { tone: 'blue', icon: PackageCheck },
  Rechazado: { tone: 'red', icon: XCircle },
  Cancelada: { tone: 'gray', icon: Ban },
};

const payoutLooks: Record<PayoutStatus, Look> = {
  pending: { tone: 'amber', icon: Clock },
  approved: { tone: 'blue', icon: CheckCheck },
  paid: { tone: 'green', icon: CircleCheck },
  rejected: { tone: 'red', icon: XCircle },
};

function StatusBadge({ look, label, className }: { look: Look; label: string; className?: string }) {
  const Icon = look.icon;
  return (
    <Badge tone={look.tone} className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** A sale's state, shown as the database stores it («Pendiente de Aprobación»). */
export function SaleStatusBadge({ status, className }: { status: SaleStatus; className?: string }) {
  return <StatusBadge look={saleLooks[status]} label={status} className={className} />;
}

/** A payout's state in Spanish («Pendiente», «Aprobado», «Pagado», «Rechazado»). */
export function PayoutStatusBadge({ status, className }: { status: PayoutStatus; className?: string }) {
  return <StatusBadge look={payoutLooks[status]} label={payoutStatusLabels[status]} className={className} />;
}
