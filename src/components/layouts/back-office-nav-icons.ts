import {
  BadgeDollarSign,
  BookOpen,
  ClipboardCheck,
  HeartPulse,
  LayoutDashboard,
  Package,
  Receipt,
  Settings,
  Truck,
  Users,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export const backOfficeNavIcons: Record<string, LucideIcon> = {
  [paths.dashboard]: LayoutDashboard,
  [paths.products]: Package,
  [paths.clients]: UsersRound,
  [paths.sales]: Receipt,
  [paths.approvals]: ClipboardCheck,
  [paths.payments]: Wallet,
  [paths.recipes]: BookOpen,
  [paths.users]: Users,
  [paths.suppliers]: Truck,
  [paths.healthAnalysis]: HeartPulse,
  [paths.settings]: Settings,
  [paths.finance]: BadgeDollarSign,
};
