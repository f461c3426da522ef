// «Imprimir»: the recipe alone, as it will be printed. On screen, with «Imprimir» and «Volver»; on
// paper (print media), everything else on the page is hidden: no navigation, no header, no buttons.
import { useBenefitLabels } from '@/components/use-benefit-labels';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { recipesQueries } from '@/api/recipes/recipes-queries';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { m } from '../messages';
import { RecipePhoto } from './recipe-photo';

// The shell is not this screen's to change: on paper every element is made invisible and the recipe
// alone visible again, laid at the top of the first page.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .recipe-print, .recipe-print * { visibility: visible !important; }
  .recipe-print { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; color: #000; background: #fff; }
  .recipe-print .print-hidden { display: none !important; }
}`;

export function RecipePrintView({ recipeId, onClose }: { recipeId: string; onClose: () => void }) {
  const recipe = useQuery(recipesQueries.detail(recipeId));
  const labelOf = useBenefitLabels();
  return (
    <section aria-label={m.printView} className="flex flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div className="print-hidden flex flex-wrap gap-2">
        <Button variant="outline" onClick={onClose}>
          <ArrowLeft aria-hidden="true" />
          {m.closePrint}
        </Button>
        <Button onClick={() => window.print()} disabled={!recipe.data}>
          <Printer aria-hidden="true" />
          {m.printNow}
        </Button>
      </div>
      {recipe.isPending ? (
        <div className="mx-auto flex w-full max-w-2xl flex-col gap-4" aria-busy="true">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="aspect-[4/3] w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : recipe.isError ? (
        <ErrorState error={recipe.error} title={m.detailFailed} onRetry={() => recipe.refetch()} retrying={recipe.isFetching} />
      ) : (
        <article className="recipe-print mx-auto flex w-full max-w-2xl flex-col gap-5 rounded-xl border bg-card p-6 text-card-foreground print:border-0">
          <h2 className="text-2xl font-semibold tracking-tight">{recipe.data.title}</h2>
          {recipe.data.image_path && <RecipePhoto path={recipe.data.image_path} className="aspect-[4/3] w-full max-w-md rounded-lg" />}
          {recipe.data.description && <p className="text-base">{recipe.data.description}</p>}
          {recipe.data.benefits.length > 0 && (
            <div>
              <h3 className="text-sm font-semibold tracking-wide uppercase">{m.printBenefits}</h3>
              <p className="mt-1">{recipe.data.benefits.map(labelOf).join(' · ')}</p>
            </div>
          )}
          <div>
            <h3 className="text-sm font-semibold tracking-wide uppercase">{m.printIngredients}</h3>
            <ul className="mt-1 list-disc pl-5">
              {recipe.data.products.map((p) => (
                <li key={p.product_id}>
                  {p.name}
                  {p.amount ? `: ${p.amount}` : ''}
                </li>
              ))}
            </ul>
          </div>
          {recipe.data.instructions.trim() && (
            <div>
              <h3 className="text-sm font-semibold tracking-wide uppercase">{m.printSteps}</h3>
              <p className="mt-1 whitespace-pre-line">{recipe.data.instructions}</p>
            </div>
          )}
        </article>
      )}
    </section>
  );
}
