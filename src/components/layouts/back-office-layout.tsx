import { BookOpen, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { appMessages } from '@/config/messages';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/auth/load-user';
import { useSession } from '@/lib/auth/use-session';
import { backOfficeNav, showRecipesLink } from '@/lib/auth/navigation';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { Brand } from './brand';
import { MobileNav } from './mobile-nav';
import { backOfficeNavIcons } from './back-office-nav-icons';
import { NavList } from './nav-list';
import { PageOutlet } from './page-outlet';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';
import { useSignOut } from './use-sign-out';
import { useWorkCounts } from './use-work-counts';

export function BackOfficeLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  const counts = useWorkCounts();
  if (!user) return null;
  const principal = { role: user.role, finance: user.customClaims.finance };
  const items = backOfficeNav(principal);
  const name = displayName(user);

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-sidebar-border bg-sidebar lg:flex">
        <div className="flex h-16 items-center border-b border-sidebar-border px-5">
          <Brand subtitle={appMessages.backOffice} />
        </div>
        <NavList items={items} icons={backOfficeNavIcons} label={appMessages.mainNav} counts={counts} />
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
          <MobileNav title={appMessages.mainNav}>
            {(close) => (
              <>
                <div className="flex h-16 items-center border-b border-sidebar-border px-5">
                  <Brand subtitle={appMessages.backOffice} />
                </div>
                <NavList items={items} icons={backOfficeNavIcons} label={appMessages.mainNav} onNavigate={close} counts={counts} />
              </>
            )}
          </MobileNav>
          <Brand subtitle={appMessages.backOffice} compact className="lg:hidden" />

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {showRecipesLink(principal) && (
              <Button variant="ghost" asChild>
                <Link to={paths.recipes} aria-label={appMessages.recipes}>
                  <BookOpen aria-hidden="true" />
                  <span className="hidden sm:inline">{appMessages.recipes}</span>
                </Link>
              </Button>
            )}
            <NotificationBell audience="staff" />
            <ThemeToggle />
            <div className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 sm:pr-3" data-testid="header-user">
              <UserAvatar name={name} onlineLabel={appMessages.online} />
              <span className="max-w-[7rem] truncate text-sm font-medium sm:max-w-40" data-testid="header-user-name">
                {name}
              </span>
            </div>
            <Button variant="outline" onClick={() => void signOut()} aria-label={appMessages.signOut}>
              <LogOut aria-hidden="true" />
              <span className="hidden sm:inline">{appMessages.signOut}</span>
            </Button>
          </div>
        </header>

        <PageOutlet className="max-w-7xl" />
      </div>
    </div>
  );
}
