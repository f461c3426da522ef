import type { PublicRecipe } from '@/api/public-page/public-page-api';
import { BUCKETS, publicUrl } from '@/api/storage/buckets';
import { publicPageMessages as m } from '../messages';
import { BenefitList } from './benefit-list';

function RecipeCard({ recipe }: { recipe: PublicRecipe }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      {recipe.image_path && (
        <img src={publicUrl(BUCKETS.recipes, recipe.image_path)} alt={recipe.title} loading="lazy" className="aspect-[16/9] w-full bg-muted object-cover" />
      )}
      <div className="flex flex-col gap-3 p-4">
        <h3 className="text-base leading-snug font-semibold">{recipe.title}</h3>
        {recipe.description && <p className="text-sm text-muted-foreground">{recipe.description}</p>}
        <BenefitList benefits={recipe.benefits} label={`Beneficios de ${recipe.title}`} />
        <div className="text-sm">
          <p className="font-medium">{m.recipeUses}</p>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {recipe.products.map((p) => (
              <li key={p.product_id}>
                {p.name}
                {p.amount ? `: ${p.amount}` : ''}
              </li>
            ))}
          </ul>
        </div>
        {recipe.instructions.trim() && (
          <details className="group text-sm">
            <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {m.recipeSteps}
            </summary>
            <p className="mt-2 whitespace-pre-line text-muted-foreground">{recipe.instructions}</p>
          </details>
        )}
      </div>
    </li>
  );
}

export function RecipesSection({ recipes }: { recipes: PublicRecipe[] }) {
  if (recipes.length === 0) return null;
  return (
    <section aria-labelledby="recetas" className="flex flex-col gap-4">
      <h2 id="recetas" className="text-2xl font-semibold tracking-tight">
        {m.recipesTitle}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {recipes.map((r) => (
          <RecipeCard key={r.id} recipe={r} />
        ))}
      </ul>
    </section>
  );
}
