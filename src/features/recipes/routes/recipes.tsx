// Recetario: recipes as cards (photo, title, benefits, products with their flags), searched and paged
// on the server (list_recipes) with the search in the URL. `?receta=nueva|<id>` opens the editor,
// `?imprimir=<id>` the print view, so a reload or the back button keeps what was open.
import { useQuery } from '@tanstack/react-query';
import { CookingPot, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { recipesQueries } from '@/api/recipes/recipes-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field, FieldControl, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, routeLabel } from '@/config/paths';
import { useDebouncedText } from '@/lib/hooks/use-debounced';
import { useUrlState } from '@/lib/url/url-state';
import { cn } from '@/lib/utils';
import { RecipeCard } from '../components/recipe-card';
import { RecipePrintView } from '../components/recipe-print-view';
import { m } from '../messages';
import { NEW_RECIPE, RECIPE_PAGE_SIZES, recipesSearch } from '../recipes-search';

// The editor (react-hook-form, zod, the camera and the image resizer) loads when first needed or once
// the list is idle, not with the list.
const loadForm = () => import('../components/recipe-form-dialog');
const RecipeFormDialog = lazy(() => loadForm().then((mod) => ({ default: mod.RecipeFormDialog })));

export default function RecipesPage() {
  const [search, setSearch] = useUrlState(recipesSearch);
  const onQuery = useCallback((q: string | undefined) => setSearch({ q, pagina: 1 }, { replace: true }), [setSearch]);
  const [text, setText] = useDebouncedText(search.q, onQuery);
  const query = useQuery(
    recipesQueries.list({
      query: search.q ?? null,
      page: search.pagina,
      pageSize: search.por_pagina,
    }),
  );
  useEffect(() => void loadForm(), []);

  const newRecipe = (
    <Button onClick={() => setSearch({ receta: NEW_RECIPE })}>
      <Plus aria-hidden="true" />
      {m.newRecipe}
    </Button>
  );

  if (search.imprimir) {
    return (
      <>
        <PageHeader title={routeLabel(paths.recipes)} />
        <RecipePrintView recipeId={search.imprimir} onClose={() => setSearch({ imprimir: undefined })} />
      </>
    );
  }

  const rows = query.data?.rows ?? [];
  return (
    <>
      <PageHeader title={routeLabel(paths.recipes)}>{newRecipe}</PageHeader>
      <div className="flex flex-col gap-4">
        <Field controlId="recipes-search" className="max-w-md">
          <FieldLabel>{m.search}</FieldLabel>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <FieldControl>
              <Input
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={m.searchPlaceholder}
                className="pl-8"
                autoComplete="off"
              />
            </FieldControl>
          </div>
          <FieldDescription>{m.searchHint}</FieldDescription>
        </Field>
        {query.isPending ? (
          <ul aria-busy="true" aria-label={m.listLabel} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="flex flex-col overflow-hidden rounded-xl border bg-card">
                <Skeleton className="aspect-[4/3] w-full rounded-none" />
                <div className="flex flex-col gap-2 p-4">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-3/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <ErrorState error={query.error} title={m.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} className="rounded-xl border" />
        ) : rows.length === 0 ? (
          search.q ? (
            <EmptyState
              icon={Search}
              title={m.noMatchesTitle}
              description={m.noMatchesDescription}
              action={
                <Button variant="outline" onClick={() => onQuery(undefined)}>
                  {m.clearSearch}
                </Button>
              }
              className="rounded-xl border"
            />
          ) : (
            <EmptyState icon={CookingPot} title={m.emptyTitle} description={m.emptyDescription} action={newRecipe} className="rounded-xl border" />
          )
        ) : (
          <>
            <ul aria-label={m.listLabel} className={cn('grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3', query.isPlaceholderData && 'opacity-60')}>
              {rows.map((r) => (
                <RecipeCard key={r.id} recipe={r} onEdit={() => setSearch({ receta: r.id })} onPrint={() => setSearch({ imprimir: r.id })} />
              ))}
            </ul>
            <Pagination
              page={search.pagina}
              pageSize={search.por_pagina}
              pageSizes={RECIPE_PAGE_SIZES}
              total={query.data.total}
              onPageChange={(pagina) => setSearch({ pagina })}
              onPageSizeChange={(por_pagina) => setSearch({ por_pagina, pagina: 1 })}
              sizeLabel={m.recipesPerPage}
            />
          </>
        )}
      </div>
      <Suspense fallback={null}>
        {search.receta && <RecipeFormDialog recipeId={search.receta === NEW_RECIPE ? null : search.receta} onClose={() => setSearch({ receta: undefined })} />}
      </Suspense>
    </>
  );
}
