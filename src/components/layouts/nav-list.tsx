import { Circle } from 'lucide-react';
import { NavLink } from 'react-router';
import type { NavItem } from '@/lib/navigation';
import { cn } from '@/lib/utils';
import { navIcons } from './nav-icons';

export function NavList({ items, label, onNavigate, end }: { items: NavItem[]; label: string; onNavigate?: () => void; end?: string[] }) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const Icon = navIcons[item.path] ?? Circle;
          return (
            <li key={item.path}>
              <NavLink
                to={item.path}
                end={end?.includes(item.path)}
                onClick={onNavigate}
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
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
