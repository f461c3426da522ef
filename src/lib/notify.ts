import { toast, type ExternalToast } from 'sonner';

/** Toast timings of the specification (§9). The Toaster's own default (5000 ms) covers the rest. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  duration: 5000,
  width: 400,
  visibleToasts: 20,
} as const;

export const TOAST_DURATIONS = {
  error: 4000,
  neutral: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;

type Message = Parameters<typeof toast>[0];

export const notify = {
  success: (message: Message, options?: ExternalToast) => toast.success(message, { duration: TOAST_DURATIONS.success, ...options }),
  error: (message: Message, options?: ExternalToast) => toast.error(message, { duration: TOAST_DURATIONS.error, ...options }),
  message: (message: Message, options?: ExternalToast) => toast(message, { duration: TOAST_DURATIONS.neutral, ...options }),
  info: (message: Message, options?: ExternalToast) => toast.info(message, options),
  warning: (message: Message, options?: ExternalToast) => toast.warning(message, options),
  loading: (message: Message, options?: ExternalToast) => toast.loading(message, { duration: TOAST_DURATIONS.loading, ...options }),
  dismiss: toast.dismiss,
};
