import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { SheetOnDemand } from '@/components/ui/sheet-on-demand';
import { appMessages } from '@/config/messages';

/** The slide-out menu of small screens; `children` receives a callback that closes it. */
export function MobileNav({ title, children }: { title: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <SheetOnDemand
      open={open}
      onOpenChange={setOpen}
      closeLabel={appMessages.closeMenu}
      hiddenTitle={title}
      trigger={
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label={appMessages.openMenu}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      }
    >
      {children(() => setOpen(false))}
    </SheetOnDemand>
  );
}
