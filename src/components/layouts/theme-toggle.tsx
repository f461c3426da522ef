import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { appMessages } from '@/config/messages';
import { useTheme } from '@/lib/theme/use-theme';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? appMessages.toLight : appMessages.toDark;
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} title={label} aria-pressed={theme === 'dark'}>
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
