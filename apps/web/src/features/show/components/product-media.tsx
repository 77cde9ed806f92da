import type { TestProduct } from '@vault/contracts';

export function TestBadge() {
  return (
    <span className="rounded-md bg-brass-500 px-2 py-0.5 font-bold text-[0.7rem] text-vault-950 tracking-wider">
      $1 TEST
    </span>
  );
}

export function ProductImage({ product, className = '' }: { product: TestProduct; className?: string }) {
  const image = product.imageUrls[0];
  return image ? (
    <img src={image} alt={product.title} className={`w-full bg-vault-800 object-cover ${className}`} />
  ) : (
    <div className={`flex w-full items-center justify-center bg-vault-800 text-sm text-steel-400 ${className}`}>
      No media available
    </div>
  );
}
