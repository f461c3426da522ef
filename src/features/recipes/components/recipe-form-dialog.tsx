// «Nueva receta» / «Editar»: title, description, preparation, products with amounts, benefits and the
// photo. The photo is uploaded to the recipe's folder before save_recipe, which checks it all again in
// one transaction; a refusal names its field (DETAIL) and shows there. Therapeutic claims only warn.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { newRecipeId, type RecipeRow } from '@/api/recipes/recipes-api';
import { useSaveRecipe } from '@/api/recipes/recipes-mutations';
import { recipesQueries } from '@/api/recipes/recipes-queries';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toDbError } from '@/lib/data/db';
import { findClaims } from '../claims';
import { m } from '../messages';
import { ClaimsWarning } from './claims-warning';
import { PhotoField } from './photo-field';
import { ProductsField } from './products-field';
import { formValuesOf, inputOf, recipeFormSchema, type RecipeFormValues } from './recipe-form-schema';

type FieldName = 'title' | 'description' | 'instructions' | 'benefits' | 'products' | 'photo';
// save_recipe's DETAIL → the form's field.
const FIELD_OF: Record<string, FieldName> = {
  title: 'title',
  description: 'description',
  instructions: 'instructions',
  benefits: 'benefits',
  products: 'products',
  image: 'photo',
};

/** `recipeId` null: a new recipe. */
export function RecipeFormDialog({ recipeId, onClose }: { recipeId: string | null; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{recipeId ? m.editTitle : m.newTitle}</DialogTitle>
          <DialogDescription>{m.formDescription}</DialogDescription>
        </DialogHeader>
        {recipeId ? <EditRecipe id={recipeId} onClose={onClose} /> : <RecipeForm recipe={null} onCancel={onClose} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditRecipe({ id, onClose }: { id: string; onClose: () => void }) {
  const recipe = useQuery(recipesQueries.detail(id));
  if (recipe.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (recipe.isError) return <ErrorState error={recipe.error} title={m.detailFailed} onRetry={() => recipe.refetch()} retrying={recipe.isFetching} />;
  return <RecipeForm recipe={recipe.data} onCancel={onClose} onDone={onClose} />;
}

function RecipeForm({ recipe, onCancel, onDone }: { recipe: RecipeRow | null; onCancel: () => void; onDone: () => void }) {
  const save = useSaveRecipe();
  const [id] = useState(() => recipe?.id ?? newRecipeId());
  const form = useForm<RecipeFormValues>({
    resolver: zodResolver(recipeFormSchema),
    defaultValues: formValuesOf(recipe),
  });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [title, description, instructions, benefits, keepPhoto] = useWatch({
    control: form.control,
    name: ['title', 'description', 'instructions', 'benefits', 'keepPhoto'],
  });
  const claims = findClaims([title, description, instructions, benefits].join('\n'));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({
        id,
        input: inputOf(values),
        photo: values.photo ?? null,
        imagePath: values.keepPhoto ? (recipe?.image_path ?? null) : null,
      });
      onDone();
    } catch (raw) {
      const error = toDbError(raw);
      const field = FIELD_OF[error.details ?? ''];
      if (field === 'products') form.setError('products', { message: error.userMessage });
      else if (field) form.setError(field, { message: error.userMessage }, { shouldFocus: true });
      else setFormError(error.userMessage);
    }
  });

  const text = (name: 'title' | 'description' | 'instructions', label: string, rows?: number) => (
    <Field controlId={`recipe-${name}`} error={errors[name]?.message}>
      <FieldLabel>{label}</FieldLabel>
      <FieldControl>
        {rows ? <Textarea rows={rows} {...form.register(name)} /> : <Input autoComplete="off" required maxLength={120} {...form.register(name)} />}
      </FieldControl>
      <FieldError />
    </Field>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      {text('title', m.title)}
      {text('description', m.description, 2)}
      {text('instructions', m.instructions, 5)}
      <Field controlId="recipe-benefits" error={errors.benefits?.message}>
        <FieldLabel>{m.benefits}</FieldLabel>
        <FieldControl>
          <Input autoComplete="off" {...form.register('benefits')} />
        </FieldControl>
        <FieldDescription>{m.benefitsHint}</FieldDescription>
        <FieldError />
      </Field>
      <ClaimsWarning words={claims} />
      <ProductsField control={form.control} register={form.register} errors={errors} disabled={save.isPending} />
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <PhotoField
            value={field.value ?? null}
            onChange={(file) => {
              field.onChange(file);
              if (file) form.setValue('keepPhoto', false);
            }}
            currentPath={keepPhoto ? (recipe?.image_path ?? null) : null}
            onRemoveCurrent={() => form.setValue('keepPhoto', false)}
            error={errors.photo?.message}
            disabled={save.isPending}
          />
        )}
      />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {m.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? m.saving : m.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
