// Productos: the catalogue as staff run it. Search, filters, sort and pages on the server
// (list_products) and in the URL; `?producto=<id>` opens the product's panel (detail, movement
// history, «Ajustar stock», «Desactivar»). Finance also sees cost and margins, which only the
// database decides to send.
import { useQuery } from '@tanstack/react-query';
import { Package, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { ProductRow } from '@/api/products/products-api';
import { productsQueries } from '@/api/products/products-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ColumnChooser } from '@/components/ui/column-chooser';
import { DataTable } from '@/components/ui/data-table';
import { useColumnChoice } from '@/components/ui/use-column-choice';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { useTableSearch } from '@/lib/url/table-search';
import { financeProductColumns, productColumns } from '../components/product-columns';
import { ProductsFilters } from '../components/products-filters';
import { m } from '../messages';
import { listParams, NOT_FILTERS, productsSearch, type ProductsSearch } from '../products-search';

// The panel and the form (react-hook-form, zod, the image resizer) load when first needed or once
// the list is idle, not with the list.
const loadPanel = () => import('../components/product-panel');
const loadForm = () => import('../components/product-form-dialog');
const ProductPanel = lazy(() => loadPanel().then((mod) => ({ default: mod.ProductPanel })));
const ProductFormDialog = lazy(() => loadForm().then((mod) => ({ default: mod.ProductFormDialog })));

const FINANCE_HIDDEN = ['image_path', 'sku', 'category', 'commissionable_amount', 'puntos'];
// Without finance's columns, only the category and the commissionable base wait there.
const STAFF_HIDDEN = ['category', 'commissionable_amount'];

export default function ProductsPage() {
  const { user } = useSession();
  const finance = user?.customClaims.finance === true;
  const { search, setSearch, setFilters, controls } = useTableSearch(productsSearch, { notFilters: NOT_FILTERS });
  const query = useQuery(productsQueries.list(listParams(search, controls.sort, controls.page, controls.pageSize)));
  const categories = useQuery(productsQueries.categories());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ProductRow | null>(null);
  const columns = useMemo(() => {
    const rowActions = { open: (p: ProductRow) => setSearch({ producto: p.id }), edit: setEditing };
    return finance ? financeProductColumns(rowActions) : productColumns(rowActions);
  }, [finance, setSearch]);
  // Finance's columns do not all fit a laptop: until chosen otherwise, the photo, the SKU (the search
  // still finds it) and what the catalogue's figures repeat (category, commissionable base, points)
  // wait in «Columnas», so state, cost, margins and the row's actions are in sight (issue 25 §7).
  const choice = useColumnChoice(finance ? 'productos-finanzas' : 'productos', columns, finance ? FINANCE_HIDDEN : STAFF_HIDDEN);
  useEffect(() => {
    void loadPanel();
    void loadForm();
  }, []);

  const onFilters = useCallback((patch: Partial<ProductsSearch>, options?: { replace?: boolean }) => setFilters(patch, options), [setFilters]);
  const newProduct = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {m.newProduct}
    </Button>
  );

  return (
    <>
      <PageHeader title={routeLabel(paths.products)}>{newProduct}</PageHeader>
      <div className="flex flex-col gap-4">
        <ProductsFilters values={search} categories={categories.data ?? []} onChange={onFilters} />
        <ColumnChooser {...choice.chooser} className="self-end" />
        <DataTable
          label={m.listLabel}
          columns={choice.columns}
          query={query}
          controls={controls}
          getRowId={(r) => r.id}
          onRowOpen={(r) => setSearch({ producto: r.id })}
          openRowId={search.producto}
          errorTitle={m.loadFailed}
          empty={{ icon: Package, title: m.emptyTitle, description: m.emptyDescription, action: newProduct }}
          className="rounded-xl border bg-card [&>nav]:px-3"
        />
      </div>
      <Suspense fallback={null}>
        {search.producto && <ProductPanel productId={search.producto} finance={finance} onClose={() => setSearch({ producto: undefined })} />}
        {creating && <ProductFormDialog product={null} onClose={() => setCreating(false)} onSaved={(p) => setSearch({ producto: p.id })} />}
        {editing && <ProductFormDialog product={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </>
  );
}
