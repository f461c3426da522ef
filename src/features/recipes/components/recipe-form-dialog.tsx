// «Nueva receta» / «Editar»: title, description, preparation, products with amounts, benefits and the
// photo. The photo is uploaded to the recipe's folder before save_recipe, which checks it all again in
// one transaction; a refusal names its field (DETAIL) and shows there. Therapeutic claims only warn.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { newRecipeId, type RecipeRow } from '@/api/recipes/recipes-api';
import { useSaveRecipe } from '@/api/recipes/recipes-mutations';
import { recipesQueries } from '@/api/recipes/recipes-queries';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { findClaims } from '../claims';
import { m } from '../messages';
import { ClaimsWarning } from './claims-warning';
import { PhotoField } from './photo-field';
import { ProductsField } from './products-field';
import { formValuesOf, inputOf, recipeFormSchema } from './recipe-form-schema';

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
  const form = useAppForm(recipeFormSchema, { defaultValues: formValuesOf(recipe) });
  const { errors, isSubmitting } = form.formState;
  const [title, description, instructions, benefits, keepPhoto] = useWatch({
    control: form.control,
    name: ['title', 'description', 'instructions', 'benefits', 'keepPhoto'],
  });
  const claims = findClaims([title, description, instructions, benefits].join('\n'));
  const submit = useFormSubmit(
    form,
    async (values) => {
      await save.mutateAsync({
        id,
        input: inputOf(values),
        photo: values.photo ?? null,
        imagePath: values.keepPhoto ? (recipe?.image_path ?? null) : null,
      });
      onDone();
    },
    { fields: { details: FIELD_OF } },
  );

  const text = (name: 'title' | 'description' | 'instructions', label: string, rows?: number) => (
    <FormField name={name} label={label} controlId={`recipe-${name}`}>
      {rows ? <Textarea rows={rows} /> : <Input autoComplete="off" required maxLength={120} />}
    </FormField>
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      {text('title', m.title)}
      {text('description', m.description, 2)}
      {text('instructions', m.instructions, 5)}
      <FormField name="benefits" label={m.benefits} description={m.benefitsHint} controlId="recipe-benefits">
        <Input autoComplete="off" />
      </FormField>
      <ClaimsWarning words={claims} />
      <ProductsField control={form.control} register={form.register} errors={errors} disabled={isSubmitting} />
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
            disabled={isSubmitting}
          />
        )}
      />
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} cancelLabel={m.cancel} onCancel={onCancel} />
    </Form>
  );
}
