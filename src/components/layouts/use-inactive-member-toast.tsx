import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { appMessages } from '@/config/messages';
import { toastPosition, withToast } from '@/lib/feedback/notify';

export const INACTIVE_TOAST_KEY = 'savia.inactive-toast-shown';
export const INACTIVE_TOAST_DURATION_MS = 6000;

/**
 * Once per session, a member who is not active is reminded how to become so. A session is a sign-in:
 * a reload, another tab of it or a page opened from a link keep it (so the reminder does not come back
 * once seen); signing in again starts another. Without the sign-in's id, the tab's session stands in.
 */
export function useInactiveMemberToast(isInactive: boolean, sessionId: string | null) {
  useEffect(() => {
    if (!isInactive) return;
    try {
      const store = sessionId ? localStorage : sessionStorage;
      const shownFor = sessionId ?? '1';
      if (store.getItem(INACTIVE_TOAST_KEY) === shownFor) return;
      store.setItem(INACTIVE_TOAST_KEY, shownFor);
    } catch {
      // Without storage the reminder may show more than once; better than never.
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
        { position: toastPosition('top-left'), duration: INACTIVE_TOAST_DURATION_MS, id: 'inactive-member' },
      ),
    );
  }, [isInactive, sessionId]);
}
