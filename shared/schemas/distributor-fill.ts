import * as z from 'zod';
import type { ComponentField } from './component';
import { distributorNames, type DistributorName } from './distributors';

/*
 * Filling a part from a distributor's answer: what the distributor says, field by field in the
 * catalogue's units, beside what the catalogue holds; the stock and prices read with it (a
 * snapshot, never catalogue data); and the edit request filed with the fields a person ticked.
 */

/** One catalogue field as a distributor's answer gives it, converted to the field's unit. */
export interface DistributorFieldValue {
  field: ComponentField;
  /** The value in the catalogue's form and unit (what an edit would set). */
  value: string | number;
  /** What the distributor wrote ('24VDC', '0.063" (1.60mm)'). */
  asWritten: string;
  /** The parameter or attribute of the answer it came from ('Voltage - Supply', 'LifecycleStatus'). */
  from: string;
}

/** A parameter of the answer no catalogue field takes, or whose value could not be read: shown, never lost. */
export interface UnmappedParameter {
  name: string;
  value: string;
  /** 'no-field': the catalogue has no field for it; 'unreadable': its field could not read the value. */
  reason: 'no-field' | 'unreadable';
}

export interface PriceBreak {
  quantity: number;
  unitPrice: number;
  currency: string;
}

/** What a distributor's answer says about one product, read through the mapping table. */
export interface DistributorProductData {
  provider: DistributorName;
  /** The distributor's own order number (Digi-Key's `...-ND`, Mouser's `595-...`). */
  productNumber: string | null;
  manufacturerPartNumber: string;
  manufacturer: string;
  productUrl: string | null;
  values: DistributorFieldValue[];
  unmapped: UnmappedParameter[];
  /** The maker part number the distributor suggests instead of an obsolete one. */
  suggestedReplacement: string | null;
  stock: number | null;
  priceBreaks: PriceBreak[];
}

/** One row of the fill dialog: the catalogue's value beside the distributor's. */
export interface FillRow {
  field: ComponentField;
  label: string;
  catalogue: unknown;
  distributor: string | number;
  asWritten: string;
  from: string;
  /** The two differ (an equal value is shown but there is nothing to take). */
  differs: boolean;
  /** Marked protected for the part or its class: shown, never taken. */
  protected: boolean;
  /** Why the value cannot be taken as it is (it does not fit the field), else null. */
  problem: string | null;
}

/**
 * `GET /api/components/{id}/distributor-data?provider=`: the matched product with the match's
 * confidence, the rows, the parameters no field takes, and the stock and prices as read at `readAt`.
 */
export interface DistributorFillProposal {
  provider: DistributorName;
  confidence: number;
  product: Omit<DistributorProductData, 'values'>;
  rows: FillRow[];
  /** When the distributor was asked (the answer is a cached snapshot until it expires). */
  readAt: string;
}

export const distributorProviderQuerySchema = z.object({
  provider: z.enum(distributorNames, { error: `provider must be one of ${distributorNames.join(', ')}` }),
});

/** `POST /api/components/{id}/distributor-fill`: the ticked fields of the proposal just shown. */
export const distributorFillBodySchema = z.object({
  provider: z.enum(distributorNames, { error: `provider must be one of ${distributorNames.join(', ')}` }),
  fields: z.array(z.string().min(1).max(100)).min(1, 'Tick at least one field').max(100),
});
export type DistributorFillBody = z.infer<typeof distributorFillBodySchema>;

/** `GET /api/distributor-lookup?provider=&partNumber=`: a distributor's product by part number, for the Add form. */
export const distributorLookupQuerySchema = z.object({
  provider: z.enum(distributorNames, { error: `provider must be one of ${distributorNames.join(', ')}` }),
  partNumber: z.string().trim().min(1, 'Enter a part number').max(100),
});
export interface DistributorLookupAnswer {
  provider: DistributorName;
  product: DistributorProductData;
  readAt: string;
}

/** Where an edit's values came from, kept on the request and, once approved, on the version. */
export interface DistributorSource {
  provider: DistributorName;
  productNumber: string | null;
  manufacturerPartNumber: string;
  confidence: number;
  readAt: string;
  /** The "Refresh lifecycle and data" batch that filed it: its requests are reviewed together. */
  batchId?: string;
}

/** `PUT /api/components/{id}/protected-fields` and `PUT /api/admin/class-protected-fields`: fields no fill may take. */
export const protectedFieldsBodySchema = z.object({
  fields: z.array(z.string().min(1).max(100)).max(200),
});
export const classProtectedFieldsBodySchema = protectedFieldsBodySchema.extend({
  className: z.string().trim().min(1).max(200),
});
/** `GET /api/admin/class-protected-fields?className=`: the class's protected fields. */
export const classProtectedFieldsQuerySchema = z.object({
  className: z.string().trim().min(1, 'Choose a class').max(200),
});
export interface ClassProtectedFields {
  className: string;
  fields: string[];
}

export type { DistributorName };
