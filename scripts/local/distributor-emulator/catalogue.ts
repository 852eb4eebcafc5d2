/**
 * What one distributor offers for a searched text: the tenant's registered products, then the
 * fixed list (only the products that distributor lists), compared as distributors compare part
 * numbers (case and separators ignored). An exact search matches a maker part number or the
 * distributor's own order number; a keyword search also matches a fragment of at least four
 * characters inside one. A type name a catalogue keeps (UT 10) finds nothing where the
 * distributor lists the order number (3044381), as at the real distributors.
 */
import { hashOf } from './files.ts';
import { searchForm } from './http.ts';
import { listedAt, listedProducts, photoOf, type EmulatedProvider, type ListedProduct } from './products.ts';
import { recordedData } from './recorded.ts';
import type { Tenant } from './tenants.ts';

export interface Offer {
  mpn: string;
  manufacturer: string;
  description: string;
  digikeyNumbers: string[];
  mouserNumber: string | null;
  photoUrl: string | null;
  datasheetUrl: string | null;
  productUrl: string;
  /** What a recorded answer said of the product (parameters, lifecycle, stock, prices). */
  recorded?: Record<string, unknown>;
}

const segment = encodeURIComponent;

const fromList = (product: ListedProduct, provider: EmulatedProvider, files: string, origin: string): Offer => {
  const photo = photoOf(product, provider);
  const name = segment(product.mpn);
  const packagePhoto =
    provider === 'mouser'
      ? `${files}/mouser/images/mouserelectronics/images/SOT_23_3_t.png`
      : `${files}/digikey/photos/${segment(`${hashOf(product.mpn) % 1000}~${hashOf(product.mpn)}~PW~8`)}.png`;
  const photoUrl =
    photo === 'photo'
      ? `${files}/${provider}/photos/${name}.png`
      : photo === 'series'
        ? `${files}/${provider}/photos/${segment(`${product.mpn} SERIES`)}.png`
        : photo === 'package'
          ? packagePhoto
          : null;
  const datasheetUrl =
    product.datasheet === 'pdf'
      ? `${files}/${provider}/datasheets/${name}.pdf`
      : product.datasheet
        ? (product.makerDatasheet ?? null)
        : null;
  return {
    mpn: product.mpn,
    manufacturer: product.maker[provider]!,
    description: product.description,
    digikeyNumbers: [...(product.digikeyNumbers ?? [])],
    mouserNumber: product.mouserNumber ?? null,
    photoUrl,
    datasheetUrl,
    productUrl: `${origin}/products/${provider}/${name}`,
    ...(product.recorded?.[provider] && { recorded: recordedData(product.recorded[provider], provider) }),
  };
};

const fromTenant = (
  product: Tenant['products'] extends Map<string, infer P> ? P : never,
  provider: EmulatedProvider,
  files: string,
  origin: string,
): Offer => {
  const url = (kind: 'image' | 'datasheet', variant: string | null) =>
    variant
      ? `${files}/custom/${variant}/${kind}/${segment(product.manufacturer)}/${segment(product.manufacturerPartNumber)}`
      : null;
  return {
    mpn: product.manufacturerPartNumber,
    manufacturer: product.manufacturer,
    description: product.description,
    digikeyNumbers: [],
    mouserNumber: null,
    photoUrl: url('image', product.image),
    datasheetUrl: url('datasheet', product.datasheet),
    productUrl: `${origin}/products/${provider}/${segment(product.manufacturerPartNumber)}`,
  };
};

/** The offers for a text, exact matches first; at most `limit`. */
export const findOffers = (
  tenant: Tenant,
  provider: EmulatedProvider,
  text: string,
  mode: 'exact' | 'keyword',
  origin: string,
  limit = 50,
): { exact: Offer[]; all: Offer[] } => {
  const wanted = searchForm(text);
  if (!wanted) return { exact: [], all: [] };
  const files = `${origin}/files/${segment(tenant.name)}`;
  const exact: Offer[] = [];
  const partial: Offer[] = [];
  const consider = (offer: Offer) => {
    const numbers = [offer.mpn, ...(provider === 'digikey' ? offer.digikeyNumbers : [offer.mouserNumber ?? ''])]
      .map(searchForm)
      .filter(Boolean);
    if (numbers.includes(wanted)) exact.push(offer);
    else if (mode === 'keyword' && wanted.length >= 4 && numbers.some((number) => number.includes(wanted)))
      partial.push(offer);
  };
  for (const product of tenant.products.values()) consider(fromTenant(product, provider, files, origin));
  for (const product of listedProducts)
    if (listedAt(product, provider)) consider(fromList(product, provider, files, origin));
  return { exact, all: [...exact, ...partial].slice(0, limit) };
};
