import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { appMessages } from '@/config/messages';
import { withToast } from '@/lib/feedback/notify';

export const INACTIVE_TOAST_KEY = 'savia.inactive-toast-shown';
export const INACTIVE_TOAST_DURATION_MS = 6000;

/** Once per browser session, a member who is not active is reminded how to become so. */
export function useInactiveMemberToast(isInactive: boolean) {
  useEffect(() => {
    if (!isInactive) return;
    try {
      if (sessionStorage.getItem(INACTIVE_TOAST_KEY)) return;
      sessionStorage.setItem(INACTIVE_TOAST_KEY, '1');
    } catch {
      // Without sessionStorage the reminder may show more than once; better than never.
    }
    withToast((toast) =>
      toast.custom(
        (id) => (
          <button
            type="button"
            onClick={() => toast.dismiss(id)}
            data-testid="inactive-toast"
            className="flex w-full cursor-pointer items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-amber-950 shadow-lg transition-colors hover:bg-amber-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none dark:border-amber-700/60 dark:bg-amber-950 dark:text-amber-50 dark:hover:bg-amber-900"
          >
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
            <span className="flex flex-col gap-1">
              <span className="text-sm font-semibold">{appMessages.inactiveTitle}</span>
              <span className="text-sm">{appMessages.inactiveText}</span>
            </span>
          </button>
        ),
        { position: 'top-left', duration: INACTIVE_TOAST_DURATION_MS, id: 'inactive-member' },
      ),
    );
  }, [isInactive]);
}
