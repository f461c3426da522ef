// «Nuevo producto» / «Editar»: every field of a product in one form. The photo is resized in the
// browser (FilePicker) and uploaded to the product's folder before save_product, which checks it all
// again; a refusal names its field (DETAIL) and shows there.
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { newProductId, type ProductRow } from '@/api/products/products-api';
import { useSaveProduct } from '@/api/products/products-mutations';
import { Form, FormField, FormFooter } from '@/components/form/form';
import { useAppForm, useFormSubmit } from '@/components/form/use-app-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { FilePicker } from '@/components/ui/file-picker';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { m } from '../messages';
import { BenefitsInput } from './benefits-input';
import { ComponentsInput } from './components-input';
import { formValuesOf, inputOf, productFormSchema, type ProductFormValues } from './product-form-schema';
import { ProductPhoto } from './product-photo';
import { useProductCategoriesList } from './use-categories';

type FieldName = keyof ProductFormValues;
// save_product's DETAIL → the form's field.
const FIELD_OF: Record<string, FieldName> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  category: 'category',
  benefits: 'benefits',
  components: 'components',
  price: 'price',
  commissionable_amount: 'commissionable_amount',
  points: 'points',
  image: 'photo',
  initial_stock: 'initial_stock',
};

export function ProductFormDialog({ product, onClose, onSaved }: { product: ProductRow | null; onClose: () => void; onSaved?: (p: ProductRow) => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? m.editTitle : m.newTitle}</DialogTitle>
          <DialogDescription>{m.formDescription}</DialogDescription>
        </DialogHeader>
        <ProductForm
          product={product}
          onCancel={onClose}
          onDone={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ product, onCancel, onDone }: { product: ProductRow | null; onCancel: () => void; onDone: (p: ProductRow) => void }) {
  const save = useSaveProduct();
  const [id] = useState(() => product?.id ?? newProductId());
  const categories = useProductCategoriesList();
  const form = useAppForm(productFormSchema, { defaultValues: formValuesOf(product) });
  const { errors, isSubmitting } = form.formState;
  const keepPhoto = useWatch({ control: form.control, name: 'keepPhoto' });
  const submit = useFormSubmit(
    form,
    async (values) => {
      const saved = await save.mutateAsync({
        id,
        isNew: !product,
        input: inputOf(values),
        photo: values.photo ?? null,
        imagePath: values.keepPhoto ? (product?.image_path ?? null) : null,
      });
      onDone(saved);
    },
    { fields: { details: FIELD_OF } },
  );

  const text = (
    name: 'sku' | 'name' | 'category' | 'price' | 'commissionable_amount' | 'points' | 'initial_stock',
    label: string,
    props: React.ComponentProps<typeof Input> = {},
    hint?: string,
  ) => (
    <FormField name={name} label={label} description={hint} controlId={`product-${name}`}>
      <Input autoComplete="off" {...props} />
    </FormField>
  );

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        {text('sku', m.sku, { required: true, spellCheck: false, className: 'font-mono' }, m.skuHint)}
        {text('name', m.name, { required: true })}
      </div>
      <FormField name="description" label={m.description} controlId="product-description">
        <Textarea rows={3} maxLength={2000} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('category', m.category, { list: 'product-categories', maxLength: 60 })}
        <datalist id="product-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field controlId="product-benefits" error={errors.benefits?.message}>
          <FieldLabel>{m.benefits}</FieldLabel>
          <Controller control={form.control} name="benefits" render={({ field }) => <BenefitsInput value={field.value} onChange={field.onChange} />} />
          <FieldDescription>{m.benefitsHint}</FieldDescription>
          <FieldError />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="components"
        render={({ field }) => <ComponentsInput value={field.value} onChange={field.onChange} error={errors.components?.message} />}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price', m.price, { inputMode: 'decimal', required: true })}
        {text('commissionable_amount', m.base, { inputMode: 'decimal', required: true }, m.baseHint)}
        {text('points', m.points, { inputMode: 'numeric', required: true })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        {!product && text('initial_stock', m.initialStock, { inputMode: 'numeric' }, m.initialStockHint)}
        <Controller
          control={form.control}
          name="is_kit"
          render={({ field }) => (
            <Field orientation="horizontal" controlId="product-kit" className="sm:pt-7">
              <FieldControl>
                <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              </FieldControl>
              <FieldLabel className="font-normal">{m.isKit}</FieldLabel>
            </Field>
          )}
        />
      </div>
      {product?.image_path && keepPhoto && (
        <div className="flex items-center gap-3">
          <ProductPhoto path={product.image_path} className="size-16" />
          <span className="text-sm text-muted-foreground">{m.currentPhoto}</span>
          <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('keepPhoto', false)}>
            {m.removePhoto}
          </Button>
        </div>
      )}
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <FilePicker
            label={m.photo}
            accept="images"
            value={field.value ?? null}
            onChange={(file) => {
              field.onChange(file);
              if (file) form.setValue('keepPhoto', false);
            }}
            error={errors.photo?.message}
            disabled={isSubmitting}
          />
        )}
      />
      <FormFooter submitLabel={m.save} pendingLabel={m.saving} cancelLabel={m.cancel} onCancel={onCancel} />
    </Form>
  );
}
