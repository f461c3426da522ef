// Toasts, through sonner loaded on the first one: most page loads show none, and sonner is ≈ 13 kB
// gzip of every route's first load (bench/README.md, «First-load JavaScript per route»). Calls
// made before it arrives are shown once it has, in order.
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/** Toast timings of the specification (§9). The Toaster's own default (5000 ms) covers the rest. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  duration: 5000,
  width: 400,
  visibleToasts: 20,
} as const;

/** Sonner's own phone breakpoint. There the page title and a sheet's header sit at the top, where a
 *  toast would cover them: on a phone every toast shows at the bottom, above the thumb. */
export const PHONE_TOASTS = '(max-width: 600px)';
export const PHONE_TOAST_POSITION = 'bottom-center';

/** Where a toast meant for `desktop` shows on this screen now. */
export function toastPosition<P extends string>(desktop: P): P | typeof PHONE_TOAST_POSITION {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_TOASTS).matches ? PHONE_TOAST_POSITION : desktop;
}

export const TOAST_DURATIONS = {
  error: 4000,
  neutral: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;

type Toast = typeof sonnerToast;
type Message = Parameters<Toast>[0];

let requested = false;
const requestListeners = new Set<() => void>();
let markReady: (toast: Toast) => void = () => undefined;
const ready = new Promise<Toast>((resolve) => {
  markReady = resolve;
});

/** The app's toaster host (ToasterHost) mounts the Toaster once the first toast is asked for. */
export function onToastRequested(listener: () => void): () => void {
  if (requested) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Called by the mounted Toaster: from now on toasts show. */
export function toasterReady(toast: Toast) {
  markReady(toast);
}

/** Runs `show` with sonner's toast once a Toaster is there to show it. */
export function withToast(show: (toast: Toast) => void) {
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  void ready.then(show);
}

export const notify = {
  success: (message: Message, options?: ExternalToast) => withToast((t) => t.success(message, { duration: TOAST_DURATIONS.success, ...options })),
  error: (message: Message, options?: ExternalToast) => withToast((t) => t.error(message, { duration: TOAST_DURATIONS.error, ...options })),
  message: (message: Message, options?: ExternalToast) => withToast((t) => t(message, { duration: TOAST_DURATIONS.neutral, ...options })),
  info: (message: Message, options?: ExternalToast) => withToast((t) => t.info(message, options)),
  warning: (message: Message, options?: ExternalToast) => withToast((t) => t.warning(message, options)),
  loading: (message: Message, options?: ExternalToast) => withToast((t) => t.loading(message, { duration: TOAST_DURATIONS.loading, ...options })),
  dismiss: (id?: string | number) => withToast((t) => t.dismiss(id)),
};
