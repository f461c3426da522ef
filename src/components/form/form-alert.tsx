// The look of a form-level sentence: a refusal that belongs to no field, or what went wrong before
// the database was asked. Without react-hook-form, so the public page's contact form can show it.
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
      className={cn('flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive outline-none', className)}
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
