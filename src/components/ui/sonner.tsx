import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DEFAULTS } from '@/lib/notify';
import { useTheme } from '@/lib/theme/use-theme';

export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position={TOAST_DEFAULTS.position}
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
        } as CSSProperties
      }
    />
  );
}
