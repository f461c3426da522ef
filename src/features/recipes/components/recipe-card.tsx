import { EyeOff, Pencil, Printer, Trash2 } from 'lucide-react';
import type { RecipeRow } from '@/api/recipes/recipes-api';
import { useDeleteRecipe } from '@/api/recipes/recipes-mutations';
import { BenefitBadges } from '@/components/benefit-badges';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { m } from '../messages';
import { IngredientFlag } from './ingredient-flag';
import { RecipePhoto } from './recipe-photo';

export function RecipeCard({ recipe, onEdit, onPrint }: { recipe: RecipeRow; onEdit: () => void; onPrint: () => void }) {
  const remove = useDeleteRecipe();
  const headingId = `receta-${recipe.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
      <RecipePhoto path={recipe.image_path} className="aspect-[16/10] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 id={headingId} className="text-base leading-snug font-semibold">
          {recipe.title}
        </h2>
        <BenefitBadges keys={recipe.benefits} label={m.benefitsOf(recipe.title)} />
        <div className="text-sm">
          <p className="font-medium">{m.uses}</p>
          <ul className="mt-1 flex flex-col gap-1 text-muted-foreground">
            {recipe.products.map((p) => (
              <li key={p.product_id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>
                  {p.name}
                  {p.amount ? `: ${p.amount}` : ''}
                </span>
                <IngredientFlag status={p.status} />
              </li>
            ))}
          </ul>
        </div>
        {recipe.unavailable > 0 && <p className="text-sm font-medium text-tone-amber-foreground">{m.unavailable(recipe.unavailable)}</p>}
        {!recipe.on_public_pages && (
          <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
            <EyeOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {m.notPublic}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-0.5 border-t pt-3 [&>button]:px-2">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={m.editLabel(recipe.title)}>
            <Pencil aria-hidden="true" />
            {m.edit}
          </Button>
          <Button variant="ghost" size="sm" onClick={onPrint} aria-label={m.printLabel(recipe.title)}>
            <Printer aria-hidden="true" />
            {m.print}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={m.deleteLabel(recipe.title)}>
                <Trash2 aria-hidden="true" />
                {m.delete}
              </Button>
            }
            title={m.deleteTitle}
            description={m.deleteDescription(recipe.title)}
            confirmLabel={m.delete}
            pendingLabel={m.deleting}
            onConfirm={() => remove.mutateAsync({ id: recipe.id, imagePath: recipe.image_path })}
          />
        </div>
      </div>
    </li>
  );
}
