// Proveedores (superadmin): what to restock first, then the suppliers (search, state, pages, what each
// supplies, «Nuevo proveedor» / «Editar») and the restock history in tabs. «Registrar reposición»
// opens from the header, from a suggestion, or from `?reponer=<product id>` (the Dashboard's link).
import { useQuery } from '@tanstack/react-query';
import { PackagePlus, Plus, Truck } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import type { SupplierRow } from '@/api/suppliers/suppliers-api';
import { suppliersQueries } from '@/api/suppliers/suppliers-queries';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths, routeLabel } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import { useTableSearch } from '@/lib/url/table-search';
import { RestockDialog, type RestockStart } from '../components/restock-dialog';
import { RestockHistory } from '../components/restock-history';
import { RestockSuggestions } from '../components/restock-suggestions';
import { supplierColumns } from '../components/supplier-columns';
import { SupplierDialog } from '../components/supplier-dialog';
import { SuppliersFilters, type SupplierFilterValues } from '../components/suppliers-filters';
import { m } from '../messages';
import { NOT_LIST_FILTERS, suppliersSearch } from '../suppliers-search';

const EMPTY_START: RestockStart = { supplierId: null, lines: [] };

export default function SuppliersPage() {
  const { user } = useSession();
  const finance = user?.customClaims.finance === true;
  const { search, setSearch, setFilters, controls } = useTableSearch(suppliersSearch, { notFilters: NOT_LIST_FILTERS });
  const list = useQuery(
    suppliersQueries.search({
      query: search.q ?? null,
      active: search.estado === undefined ? null : search.estado === 'activos',
      page: controls.page,
      pageSize: controls.pageSize,
    }),
  );
  const suggestions = useQuery(suppliersQueries.suggestions());

  const [editing, setEditing] = useState<{ supplier: SupplierRow | null } | null>(null);
  const columns = useMemo(() => supplierColumns((supplier) => setEditing({ supplier })), []);
  const onFilters = useCallback((patch: SupplierFilterValues, options?: { replace?: boolean }) => setFilters(patch, options), [setFilters]);

  const [restock, setRestock] = useState<RestockStart | null>(null);
  // A failed suggestions read must not keep the Dashboard's link from opening the dialog.
  const linkStart = useLinkedRestock(search.reponer, suggestions.isPending ? undefined : (suggestions.data ?? []));
  const restockOpen = restock !== null || linkStart !== null;
  const closeRestock = (open: boolean) => {
    if (open) return;
    setRestock(null);
    if (search.reponer) setSearch({ reponer: undefined }, { replace: true });
  };

  return (
    <>
      <PageHeader title={routeLabel(paths.suppliers)}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setEditing({ supplier: null })}>
            <Plus aria-hidden="true" />
            {m.newSupplier}
          </Button>
          <Button onClick={() => setRestock(EMPTY_START)}>
            <PackagePlus aria-hidden="true" />
            {m.registerRestock}
          </Button>
        </div>
      </PageHeader>

      <div className="flex flex-col gap-6">
        <RestockSuggestions query={suggestions} onRestock={setRestock} />

        <Tabs value={search.vista} onValueChange={(vista) => setSearch({ vista: vista as typeof search.vista })}>
          <TabsList aria-label={m.views}>
            <TabsTrigger value="proveedores">{m.tabSuppliers}</TabsTrigger>
            <TabsTrigger value="historial">{m.tabHistory}</TabsTrigger>
          </TabsList>
          <TabsContent value="proveedores" className="flex flex-col gap-4 pt-2">
            <SuppliersFilters values={search} onChange={onFilters} />
            <DataTable
              label={m.listLabel}
              columns={columns}
              query={list}
              controls={controls}
              getRowId={(r) => r.id}
              errorTitle={m.loadFailed}
              empty={{
                icon: Truck,
                title: m.emptyTitle,
                description: m.emptyDescription,
                action: <Button onClick={() => setEditing({ supplier: null })}>{m.newSupplier}</Button>,
              }}
              className="rounded-xl border bg-card"
            />
          </TabsContent>
          <TabsContent value="historial" className="pt-2">
            <RestockHistory
              supplierId={search.proveedor ?? null}
              page={search.hpagina}
              pageSize={search.hpor_pagina}
              finance={finance}
              onSupplier={(proveedor) => setSearch({ proveedor, hpagina: 1 })}
              onPage={(hpagina) => setSearch({ hpagina })}
              onPageSize={(hpor_pagina) => setSearch({ hpor_pagina, hpagina: 1 })}
            />
          </TabsContent>
        </Tabs>
      </div>

      <SupplierDialog open={editing !== null} supplier={editing?.supplier ?? null} onOpenChange={(open) => !open && setEditing(null)} />
      {restockOpen && <RestockDialog open start={restock ?? linkStart ?? EMPTY_START} onOpenChange={closeRestock} />}
    </>
  );
}

/**
 * `?reponer=<product id>`: the dialog with that product, from the supplier it last came from (or one
 * that supplies it), once the catalogue and the suppliers are known; an unknown id opens it empty.
 */
function useLinkedRestock(
  productId: string | undefined,
  suggestions: { product_id: string; supplier_id: string | null; last_unit_cost: number | null }[] | undefined,
): RestockStart | null {
  const products = useQuery({ ...suppliersQueries.products(), enabled: !!productId });
  const suppliers = useQuery({ ...suppliersQueries.options(), enabled: !!productId });
  if (!productId || !products.data || !suppliers.data || !suggestions) return null;
  const product = products.data.find((p) => p.id === productId && p.is_active);
  if (!product) return EMPTY_START;
  const suggestion = suggestions.find((s) => s.product_id === productId);
  const supplierId = suggestion?.supplier_id ?? suppliers.data.find((s) => s.is_active && s.product_ids.includes(productId))?.id ?? null;
  return { supplierId, lines: [{ product_id: productId, unit_cost: suggestion?.last_unit_cost ?? null }] };
}
