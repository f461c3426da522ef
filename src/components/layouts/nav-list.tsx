import { Circle, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { formatCount } from '@/lib/format/format';
import type { NavItem } from '@/lib/auth/navigation';
import { cn } from '@/lib/utils';

/** A figure beside a nav item (what waits there) and what it means, read after the item's name. */
export interface NavCount {
  value: number;
  /** «3 pendientes»: the link's accessible description. */
  description: string;
}

export function NavList({
  items,
  icons = {},
  label,
  onNavigate,
  end,
  counts,
}: {
  items: NavItem[];
  /** The shell's icons by path (nav-icons.ts); an item without one gets a dot. */
  icons?: Record<string, LucideIcon>;
  label: string;
  onNavigate?: () => void;
  end?: string[];
  /** By path; a zero or missing count shows nothing. */
  counts?: Partial<Record<string, NavCount>>;
}) {
  const countId = useId();
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        {items.map((item, index) => {
          const Icon = icons[item.path] ?? Circle;
          const count = counts?.[item.path]?.value ? counts[item.path] : undefined;
          return (
            <li key={item.path} className="relative">
              <NavLink
                to={item.path}
                end={end?.includes(item.path)}
                onClick={onNavigate}
                aria-describedby={count ? `${countId}-${index}` : undefined}
                className={({ isActive }) =>
                  cn(
                    'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isActive
                      ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                      : 'text-sidebar-foreground/80 hover:bg-sidebar-accent/60 hover:text-sidebar-foreground',
                  )
                }
              >
                <Icon className="size-4 shrink-0 opacity-80 group-aria-[current=page]:opacity-100" aria-hidden="true" />
                <span>{item.label}</span>
              </NavLink>
              {/* Outside the link, so its text (what people and tests read as its name) stays the
                  label; the hidden sentence is the link's description. */}
              {count && (
                <>
                  <span
                    aria-hidden="true"
                    data-testid="nav-count"
                    className="pointer-events-none absolute top-1/2 right-2 min-w-6 -translate-y-1/2 rounded-full bg-primary px-1.5 py-0.5 text-center text-xs font-semibold text-primary-foreground tabular-nums"
                  >
                    {formatCount(count.value)}
                  </span>
                  <span id={`${countId}-${index}`} hidden>
                    {count.description}
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
