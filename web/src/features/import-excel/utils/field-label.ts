import { componentFieldLabels, type ComponentField } from '#shared/schemas/component';

/** The screen's label of a field the report names ('width' -> 'Width (mm)'). */
export const fieldLabel = (field: string): string => componentFieldLabels[field as ComponentField] ?? field;
