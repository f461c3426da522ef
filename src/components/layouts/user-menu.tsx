// The member header's user menu: who is signed in and «Cerrar Sesión». A disclosure button and a
// list placed under it with CSS, instead of Radix's DropdownMenu, whose Popper and Floating UI cost
// every member route ≈ 15 kB gzip to place one short list at a fixed corner (bench/README.md).
// Keyboard as the ARIA menu button pattern: Enter, Space or ↓ open it on the first item, ↑ on the
// last; ↑ ↓ Home End move; Escape closes it and returns to the button; Tab or a click outside close it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface UserMenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

interface UserMenuProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (avatar, name). */
  trigger: ReactNode;
  /** Shown above the items (name, e-mail); not an item. */
  header?: ReactNode;
  items: readonly UserMenuItem[];
  className?: string;
}

export function UserMenu({ label, trigger, header, items, className }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Which item takes the focus once the list is shown (-1: the last).
  const focusOnOpen = useRef(0);

  useEffect(() => {
    if (!open) return;
    const index = focusOnOpen.current < 0 ? items.length - 1 : focusOnOpen.current;
    itemRefs.current[index]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, items.length]);

  const show = (first: number) => {
    focusOnOpen.current = first;
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 0 : -1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key] as number]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={root} className={cn('relative', className)}>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        id={`${id}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKeyDown}
        className="h-10 gap-2 rounded-full px-1.5 sm:pr-3"
      >
        {trigger}
      </Button>
      {open && (
        <div className="absolute top-full right-0 z-50 mt-1.5 min-w-56 overflow-hidden rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
          {header && <div className="px-2 py-1.5 text-sm">{header}</div>}
          {header && <div className="-mx-1 my-1 h-px bg-border" aria-hidden="true" />}
          <div role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} onKeyDown={onMenuKeyDown}>
            {items.map((item, index) => (
              <button
                key={item.label}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(false);
                  item.onSelect();
                }}
                className="relative flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground [&_svg:not([class*='size-'])]:size-4"
              >
                {item.icon}
                {item.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
