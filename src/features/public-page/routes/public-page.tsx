// /p/{slug}: a member's public page, for anyone, without signing in.
import { useQuery } from '@tanstack/react-query';
import { MapPin, SearchX } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { publicPageQueries } from '@/api/public-page/public-page-queries';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { useAppSettings } from '@/lib/data/app-settings';
import { CatalogueSection } from '../components/catalogue-section';
import { ContactList } from '../components/contact-list';
import { ContactFormSkeleton, PublicPageSkeleton } from '../components/public-page-skeleton';
import { RecipesSection } from '../components/recipes-section';
import { usePageMeta } from '../components/use-page-meta';
import { publicPageMessages as m } from '../messages';

// The form sits below the catalogue and brings its own parts (fields, the mutation): it downloads
// alongside the page's data instead of in the public route's first load, which has a budget.
const ContactForm = lazy(() => import('../components/contact-form').then((m) => ({ default: m.ContactForm })));

function Shell({ company, children }: { company: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <p className="text-lg font-semibold tracking-tight text-primary">{company}</p>
        </div>
      </header>
      <main id="main-content" className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-8 sm:py-10">
        {children}
      </main>
    </div>
  );
}

function NotFound() {
  const { company_name, contact_info } = useAppSettings();
  usePageMeta(`${m.notFoundTitle} · ${company_name}`, m.notFoundDescription(company_name));
  return (
    <Shell company={company_name}>
      <section className="flex flex-col items-center gap-3 px-4 py-16 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{m.notFoundTitle}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{m.notFoundDescription(company_name)}</p>
        <ContactList contactInfo={contact_info} className="mt-1 flex flex-col items-center gap-1 text-sm" />
      </section>
    </Shell>
  );
}

export default function PublicPage() {
  const slug = useParams().slug ?? '';
  const settings = useAppSettings();
  const query = useQuery(publicPageQueries.detail(slug));
  const page = query.data ?? null;
  usePageMeta(page && m.metaTitle(page.member.name, page.company.name), page && m.metaDescription(page.member.name, page.company.name, page.member.city));

  if (query.isPending) {
    return (
      <Shell company={settings.company_name}>
        <PublicPageSkeleton />
      </Shell>
    );
  }
  if (query.isError) {
    return (
      <Shell company={settings.company_name}>
        <ErrorState error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </Shell>
    );
  }
  if (!page) return <NotFound />;

  const { member, company } = page;
  return (
    <Shell company={company.name}>
      <section aria-labelledby="miembro" className="flex flex-col gap-3">
        <p className="text-sm font-medium text-muted-foreground">{m.memberOf(company.name)}</p>
        <h1 id="miembro" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {member.name}
        </h1>
        {member.city && (
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <MapPin className="size-4" aria-hidden="true" />
            {member.city}
          </p>
        )}
        <Button asChild className="mt-2 w-fit">
          <a href="#contacto">{m.writeMe}</a>
        </Button>
      </section>

      <CatalogueSection products={page.products} currency={company.currency} />
      <RecipesSection recipes={page.recipes} />

      <section id="contacto" aria-labelledby="contacto-titulo" className="grid scroll-mt-6 gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="flex flex-col gap-3">
          <h2 id="contacto-titulo" className="text-2xl font-semibold tracking-tight">
            {m.contactTitle}
          </h2>
          <div className="text-sm">
            <p className="font-medium">{company.name}</p>
            <ContactList contactInfo={company.contact_info} className="mt-1 flex flex-col gap-1 text-muted-foreground" />
          </div>
        </div>
        <Suspense fallback={<ContactFormSkeleton />}>
          <ContactForm slug={member.slug} memberName={member.name} companyName={company.name} />
        </Suspense>
      </section>
    </Shell>
  );
}
