import type { AdminTestProduct } from '@vault/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { serverMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { itemStatusVariant } from '../shared/display';
import { LegalFactsLine } from '../shared/legal-facts-line';
import { useAdminTestProducts, useDeleteTestProduct } from './api';
import { TestProductDialog } from './test-product-form';

const productCount = (n: number) => `${n} test ${n === 1 ? 'product' : 'products'}`;

function ProductCard({
  product,
  onEdit,
  onDelete,
}: {
  product: AdminTestProduct;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const image = product.imageUrls[0];
  // Bought (or being bought) products are history: the server refuses to edit or delete them.
  const forSale = product.status === 'available';
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-vault-700 bg-vault-900 p-3">
      <div className="flex gap-3">
        {image ? (
          <img src={image} alt="" className="size-16 shrink-0 rounded-xl bg-vault-800 object-cover" />
        ) : (
          <div className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-vault-800 text-[10px] text-steel-400">
            No image
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-sm text-white">{product.title}</p>
          {product.category || product.bladeType ? (
            <p className="truncate text-steel-400 text-xs">
              {[product.category, product.bladeType].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          <LegalFactsLine item={product} />
          <div className="mt-1.5 flex items-center justify-between gap-2">
            <span className="font-semibold text-brass-400 text-sm tabular-nums">{formatMoney(product.price)}</span>
            <span className="flex items-center gap-1.5">
              {product.relistedFromItemId ? <Badge variant="outline">Relisted</Badge> : null}
              <Badge variant={itemStatusVariant(product.status)}>{forSale ? 'available' : 'sold'}</Badge>
            </span>
          </div>
        </div>
      </div>
      {forSale ? (
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" className="min-h-10" onClick={onEdit} aria-label={`Edit ${product.title}`}>
            Edit
          </Button>
          <Button variant="secondary" className="min-h-10" onClick={onDelete} aria-label={`Delete ${product.title}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The $1 test products: what members can buy between shows, and the sold out ones as history. */
export function TestProductsTab() {
  const products = useAdminTestProducts();
  const remove = useDeleteTestProduct();
  const [dialog, setDialog] = useState<{ product: AdminTestProduct | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminTestProduct | null>(null);

  const confirmDelete = (product: AdminTestProduct) =>
    remove.mutate(product.id, {
      onSuccess: () => toast({ title: 'Test product deleted', description: product.title }),
      onError: (e) =>
        toast({
          title: 'Failed to delete test product',
          description: serverMessage(e) ?? 'Please try again',
          variant: 'destructive',
        }),
      onSettled: () => setDeleting(null),
    });

  const onSale = products.data?.filter((p) => p.status === 'available').length ?? 0;
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-steel-400">{products.data ? `${productCount(onSale)} for sale` : ''}</p>
        <Button className="shrink-0 whitespace-nowrap" onClick={() => setDialog({ product: null })}>
          Add Test Product
        </Button>
      </div>
      {products.isPending ? (
        <p className="mt-4 text-sm text-steel-400">Loading test products...</p>
      ) : products.isError ? (
        <p className="mt-4 text-sm text-steel-400">Could not load the test products. Please refresh the page.</p>
      ) : products.data.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">No test products yet. Add one for members to try a purchase.</p>
      ) : (
        <ul aria-label="Test products" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              onEdit={() => setDialog({ product })}
              onDelete={() => setDeleting(product)}
            />
          ))}
        </ul>
      )}
      <TestProductDialog open={dialog !== null} product={dialog?.product ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete Test Product"
        description={`Delete ${deleting?.title ?? 'this test product'}? Members can no longer buy it. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
