/** The screen's label of a field the report names ('width' -> 'Width (mm)', 'description_de' -> 'Description (German)'). */
export { fieldLabel } from '#shared/schemas/component';
