import { Gift, Network, ShoppingBag, ShoppingCart, UserPlus, UserRound, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

// A module of its own, apart from the back office's icons: a module both shells import would put every
// icon in the member's first load (the back-office screens import some of them too, so they end up in
// chunks of their own).
export const memberNavIcons: Record<string, LucideIcon> = {
  [paths.account]: UserRound,
  [paths.placeOrder]: ShoppingCart,
  [paths.myOrders]: ShoppingBag,
  [paths.enrol]: UserPlus,
  [paths.network]: Network,
  [paths.rewards]: Gift,
};
