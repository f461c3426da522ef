import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { PHONE_TOAST_POSITION, PHONE_TOASTS, TOAST_DEFAULTS, toasterReady } from '@/lib/feedback/notify';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { useTheme } from '@/lib/theme/use-theme';

/** Loaded with the first toast (notify.ts); sonner listens from its own effect, which runs before this one. */
export default function Toaster() {
  const { theme } = useTheme();
  const phone = useMediaQuery(PHONE_TOASTS);
  useEffect(() => toasterReady(toast), []);
  return (
    <Sonner
      theme={theme}
      position={phone ? PHONE_TOAST_POSITION : TOAST_DEFAULTS.position}
      mobileOffset={{ bottom: 'calc(16px + env(safe-area-inset-bottom))', left: '16px', right: '16px' }}
      duration={TOAST_DEFAULTS.duration}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      style={
        {
          '--width': `${TOAST_DEFAULTS.width}px`,
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // Sonner's own light rich colours miss WCAG AA (success text 4.3:1): the app's tone pairs,
          // whose contrast tests/unit/theme-contrast checks in both themes, instead.
          '--success-bg': 'var(--tone-green)',
          '--success-text': 'var(--tone-green-foreground)',
          '--success-border': 'var(--border)',
          '--info-bg': 'var(--tone-blue)',
          '--info-text': 'var(--tone-blue-foreground)',
          '--info-border': 'var(--border)',
          '--warning-bg': 'var(--tone-amber)',
          '--warning-text': 'var(--tone-amber-foreground)',
          '--warning-border': 'var(--border)',
          '--error-bg': 'var(--tone-red)',
          '--error-text': 'var(--tone-red-foreground)',
          '--error-border': 'var(--border)',
        } as CSSProperties
      }
    />
  );
}
