import { ChevronDown, LogOut } from 'lucide-react';
import { appMessages } from '@/config/messages';
import { paths } from '@/config/paths';
import { displayName } from '@/lib/auth/load-user';
import { useSession } from '@/lib/auth/use-session';
import { memberNav } from '@/lib/auth/navigation';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { Brand } from './brand';
import { MobileNav } from './mobile-nav';
import { memberNavIcons } from './member-nav-icons';
import { NavList } from './nav-list';
import { PageOutlet } from './page-outlet';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';
import { useInactiveMemberToast } from './use-inactive-member-toast';
import { UserAvatar } from './user-avatar';
import { UserMenu } from './user-menu';
import { useSignOut } from './use-sign-out';

export function MemberLayout() {
  const { user } = useSession();
  const signOut = useSignOut();
  useInactiveMemberToast(user?.clientProfile?.is_active === false, user?.sessionId ?? null);
  if (!user) return null;
  const items = memberNav({ role: user.role, finance: user.customClaims.finance });
  const name = displayName(user);
  const end = [paths.account];

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-sidebar-border bg-sidebar lg:flex">
        <div className="flex h-16 items-center border-b border-sidebar-border px-5">
          <Brand subtitle={appMessages.memberArea} />
        </div>
        <NavList items={items} icons={memberNavIcons} label={appMessages.memberNav} end={end} />
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
          <MobileNav title={appMessages.memberNav}>
            {(close) => (
              <>
                <div className="flex h-16 items-center border-b border-sidebar-border px-5">
                  <Brand subtitle={appMessages.memberArea} />
                </div>
                <NavList items={items} icons={memberNavIcons} label={appMessages.memberNav} onNavigate={close} end={end} />
              </>
            )}
          </MobileNav>
          <Brand subtitle={appMessages.memberArea} compact className="lg:hidden" />

          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <NotificationBell audience="member" />
            <ThemeToggle />
            <UserMenu
              label={`${appMessages.userMenu}: ${name}`}
              trigger={
                <>
                  <UserAvatar name={name} onlineLabel={appMessages.online} />
                  <span className="max-w-[7rem] truncate text-sm font-medium sm:max-w-40" data-testid="header-user-name">
                    {name}
                  </span>
                  <ChevronDown className="text-muted-foreground" aria-hidden="true" />
                </>
              }
              header={
                <div className="flex flex-col">
                  <span className="font-medium">{user.clientProfile?.name ?? name}</span>
                  <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                </div>
              }
              items={[{ label: appMessages.signOut, icon: <LogOut aria-hidden="true" />, onSelect: () => void signOut() }]}
            />
          </div>
        </header>

        <PageOutlet className="max-w-6xl" />
      </div>
    </div>
  );
}
