// The look of a form-level sentence: a refusal that belongs to no field, or what went wrong before
// the database was asked. Without react-hook-form, so the public page's contact form can show it.
// The tone pair is the theme's (tests/unit/theme-contrast.node.test.ts proves it in both themes):
// the destructive red on its own tint falls under 4.5:1 in the light theme.
import { TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function FormAlert({ message, children, className, ...props }: ComponentProps<'div'> & { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-slot="form-alert"
      tabIndex={-1}
      className={cn(
        'flex items-start gap-2 rounded-md border border-tone-red-foreground/25 bg-tone-red p-3 text-sm text-tone-red-foreground outline-none',
        className,
      )}
      {...props}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">{message}</p>
        {children}
      </div>
    </div>
  );
}
